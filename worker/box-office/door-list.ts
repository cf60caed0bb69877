import type { CheckInList } from '../../site/check-in';
import { type ProductId, product } from '../../site/tickets';
import { checkInList } from './check-in';

// What a door needs to decide scans at one check-in list without the network
// (worker/routes/door-offline.ts turns it into the signed offline list): the list's rules, every
// ticket with its own code, product, holder's name, whether its order admits it and whether this
// list admits it, and the codes its tickets had before a change of holder. Never an e-mail
// address, an invoice or a buyer's company: the door shows a name and a product, nothing more.

/** One ticket as the offline list is made from it. */
export type DoorTicket = {
  id: string;
  code: string;
  product: string;
  name: string | null;
  /** Only a paid order's tickets admit; the others are sent as revoked. */
  paid: boolean;
  /**
   * Whether the list admits this ticket by the same rules as `check-in.ts` `refusal` (its time
   * window aside, which the door checks by its own clock): never an online ticket; a workshop
   * room its seat holders; any other list its products and, when it has guests, its invited tickets.
   */
  onList: boolean;
  checkedInAt: number | null;
};

/** A list, its tickets and every retired own code, read in one go; null for a list that does not exist. */
export function doorTickets(
  sql: SqlStorage,
  listId: string,
): { list: CheckInList; tickets: DoorTicket[]; retired: string[] } | null {
  const list = checkInList(sql, listId);
  if (!list) return null;
  const seated = new Set(
    list.workshopId === null
      ? []
      : sql
          .exec<{ ticket_id: string }>('SELECT ticket_id FROM workshop_seats WHERE workshop_id = ?', list.workshopId)
          .toArray()
          .map((row) => row.ticket_id),
  );
  const invited = new Set(
    list.guests
      ? sql
          .exec<{ ticket_id: string }>('SELECT ticket_id FROM check_in_guests WHERE list_id = ?', list.id)
          .toArray()
          .map((row) => row.ticket_id)
      : [],
  );
  const admits = (id: string, productId: string) => {
    if (product(productId as ProductId).mode === 'online') return false;
    if (list.workshopId !== null) return seated.has(id);
    return (list.products as string[]).includes(productId) || invited.has(id);
  };
  const tickets = sql
    .exec<{
      id: string;
      code: string;
      product: string;
      name: string | null;
      status: string;
      checked_in_at: number | null;
    }>(
      `SELECT t.id, t.code, t.product, COALESCE(t.name, o.name) AS name, o.status, t.checked_in_at
         FROM tickets t JOIN orders o ON o.id = t.order_id ORDER BY t.code`,
    )
    .toArray()
    .map((row) => ({
      id: row.id,
      code: row.code,
      product: row.product,
      name: row.name,
      paid: row.status === 'paid',
      onList: admits(row.id, row.product),
      checkedInAt: row.checked_in_at,
    }));
  const retired = sql
    .exec<{ code: string }>('SELECT code FROM retired_codes ORDER BY code')
    .toArray()
    .map((row) => row.code);
  return { list, tickets, retired };
}
