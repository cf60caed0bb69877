import { constantTimeEqual, hmacSecret } from '../crypto';

/**
 * The secret in a ticket holder's own link (the ticket page, its join link, its calendar feed).
 * It is the box office's signature of the ticket's id and its current code, so a ticket given to
 * someone else (a new code, see box-office/tickets.ts `reissue`) loses its old link by itself and
 * nothing more is stored. Its own label (`page:`) keeps it apart from the QR code's signature.
 */
export async function ticketLinkSecret(key: string, ticket: { id: string; code: string }): Promise<string> {
  return (await hmacSecret(key, `page:${ticket.id}:${ticket.code}`)).slice(0, 32);
}

/** Whether `given` is the ticket's current link secret, compared in constant time. */
export async function ticketLinkMatches(
  key: string,
  ticket: { id: string; code: string },
  given: string,
): Promise<boolean> {
  return constantTimeEqual(given, await ticketLinkSecret(key, ticket));
}
