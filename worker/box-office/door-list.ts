// What a door needs to decide scans without the network (worker/routes/door-offline.ts turns it into
// the signed offline list): every ticket with its own code, product, holder's name and whether its
// order admits it, and the codes its tickets had before a change of holder. Never an e-mail address,
// an invoice or a buyer's company: the door shows a name and a product, nothing more.

/** One ticket as the offline list is made from it. */
export type DoorTicket = {
  id: string;
  code: string;
  product: string;
  name: string | null;
  /** Only a paid order's tickets admit; the others are sent as revoked. */
  paid: boolean;
  checkedInAt: number | null;
};

/** Every ticket and every retired own code, read in one go. */
export function doorTickets(sql: SqlStorage): { tickets: DoorTicket[]; retired: string[] } {
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
      checkedInAt: row.checked_in_at,
    }));
  const retired = sql
    .exec<{ code: string }>('SELECT code FROM retired_codes ORDER BY code')
    .toArray()
    .map((row) => row.code);
  return { tickets, retired };
}
