import type { Order, Ticket } from '../../site/orders';
import { boxOffice } from '../box-office/box-office';
import { toTicket } from '../box-office/schema';
import { ID_PATTERN } from '../ids';
import { ticketKey } from './code';
import { ticketLinkMatches } from './page-link';

/** What a ticket holder's link secret looks like (page-link.ts): 32 base64url symbols. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The ticket a holder's link opens (`ticketId` and its secret, page-link.ts), with its order, or
 * null: an unknown ticket, a foreign or old secret (the ticket was given to someone else since), a
 * malformed one and a ticket of an order that is not paid (cancelled, refunded) are the same miss.
 */
export async function openTicket(
  env: Env,
  ticketId: string,
  secret: string,
): Promise<{ ticket: Ticket; order: Order; office: ReturnType<typeof boxOffice> } | null> {
  if (!ID_PATTERN.test(ticketId) || !SECRET_PATTERN.test(secret)) return null;
  const office = boxOffice(env.BOX_OFFICE);
  const found = await office.ticketWithOrder(ticketId);
  if (found?.order.status !== 'paid') return null;
  if (!(await ticketLinkMatches(ticketKey(env), found.ticket, secret))) return null;
  return { ticket: toTicket(found.ticket), order: found.order, office };
}
