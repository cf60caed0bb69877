import { constantTimeEqual, hmac, hmacSecret } from '../crypto';
import type { Bindings } from '../env';
import { ApiError } from '../errors';

/**
 * Ticket codes. A code is the ticket's own code followed by the box office's signature of the
 * ticket (HMAC-SHA-256 under a secret key, 60 bits shown), so nobody without the key can make one,
 * and the box office needs to store nothing more to show it again or to check it at the door. A
 * ticket from before tickets had rows of their own has its order's id and code, so its code is
 * the one its buyer was sent then.
 *
 * Form: 20 symbols of Crockford's base32 in groups of four, `ABCD-2345-K7QM-9XA0-B4DT`. The
 * alphabet has no I, L, O or U, so a code read aloud or typed from paper is not misread, and upper
 * case with dashes fits the QR code's compact alphanumeric mode.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_CODE = 8;
const SIGNATURE = 12;
const GROUP = 4;

/** Number of signature bits in a ticket code (what a forger would have to guess). */
export const TICKET_SIGNATURE_BITS = SIGNATURE * 5;

const group = (symbols: string) => symbols.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? '';

/** The key that signs tickets; outside production a fixed development key stands in. */
export function ticketKey(env: Pick<Bindings, 'TICKET_KEY' | 'ENVIRONMENT'>): string {
  if (env.TICKET_KEY) return env.TICKET_KEY;
  if (env.ENVIRONMENT === 'production') {
    console.error(JSON.stringify({ event: 'ticket_key_missing' }));
    throw new ApiError(503, 'tickets_unavailable');
  }
  return 'development-ticket-key';
}

async function signature(key: string, ticketId: string): Promise<string> {
  const mac = await hmac(key, `ticket:${ticketId}`);
  // 256 is a multiple of 32, so the low five bits of each byte are uniform.
  return Array.from(mac.slice(0, SIGNATURE), (b) => ALPHABET[b & 31]).join('');
}

/** The signed code of a ticket, e.g. `ABCD-2345-K7QM-9XA0-B4DT`. */
export async function ticketCode(key: string, ticket: { id: string; code: string }): Promise<string> {
  return group(ticket.code + (await signature(key, ticket.id)));
}

/**
 * The canonical form of a typed or scanned code, or null when it cannot be one: case, spaces,
 * dashes and dots are ignored, and O, I and L are read as 0, 1 and 1, as Crockford's base32 says.
 */
export function normaliseTicketCode(input: string): string | null {
  const symbols = input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (symbols.length !== ORDER_CODE + SIGNATURE || [...symbols].some((c) => !ALPHABET.includes(c))) return null;
  return group(symbols);
}

/** The ticket's own code a canonical ticket code names (its signature is checked against that ticket). */
export const codeOf = (canonical: string) => canonical.replaceAll('-', '').slice(0, ORDER_CODE);

/** Whether a canonical ticket code is the one of this ticket. */
export async function ticketCodeMatches(key: string, canonical: string, ticket: { id: string; code: string }) {
  const expected = await ticketCode(key, ticket);
  // Both are public-length strings; a constant-time compare keeps the signature from leaking.
  return constantTimeEqual(expected, canonical);
}

/**
 * The token of an order's link in its e-mails: the box office keeps only the hash of the buyer's own
 * secret, so an e-mail sent later links with this signed one instead, which the order API also takes.
 */
export const orderLinkToken = (key: string, orderId: string) => hmacSecret(key, `order:${orderId}`);

/** The secret of a partner's allotment link (site/comps.ts): derived like an order's, never stored. */
export const allotmentLinkToken = (key: string, allotmentId: string) => hmacSecret(key, `allotment:${allotmentId}`);
