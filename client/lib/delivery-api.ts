import type { OrderStatus } from '../../site/orders';
import type { ProductId } from '../../site/tickets';

/** What the door learns about a ticket: admitted now, admitted before, not valid, unknown, or no answer. */
export type CheckInResult =
  | { kind: 'admitted'; product: ProductId; name?: string | null; email: string; checkedInAt: string }
  | { kind: 'already'; at: string }
  | { kind: 'unknown' }
  /** The code of a ticket given to another holder since: its old QR code admits nobody. */
  | { kind: 'reissued' }
  /** A ticket of an order that is not paid (awaiting payment, cancelled, refunded, expired). */
  | { kind: 'notValid'; status: OrderStatus }
  | { kind: 'unauthorised' }
  | { kind: 'network' }
  | { kind: 'server' };

const json = (response: Response) => response.json().catch(() => ({})) as Promise<Record<string, unknown>>;

/** `POST /api/admin/check-in` with the organiser's token; never throws. */
export async function checkInTicket(token: string, ticket: string): Promise<CheckInResult> {
  let response: Response;
  try {
    response = await fetch('/api/admin/check-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ticket }),
    });
  } catch {
    return { kind: 'network' };
  }
  const body = await json(response);
  if (response.status === 200 && typeof body.product === 'string' && typeof body.email === 'string') {
    return {
      kind: 'admitted',
      product: body.product as ProductId,
      name: typeof body.name === 'string' ? body.name : null,
      email: body.email,
      checkedInAt: String(body.checkedInAt ?? ''),
    };
  }
  if (response.status === 409 && typeof body.at === 'string') return { kind: 'already', at: body.at };
  if (response.status === 409 && body.error === 'ticket_reissued') return { kind: 'reissued' };
  if (response.status === 409 && body.error === 'ticket_not_valid' && typeof body.status === 'string') {
    return { kind: 'notValid', status: body.status as OrderStatus };
  }
  if (response.status === 404) return { kind: 'unknown' };
  if (response.status === 401) return { kind: 'unauthorised' };
  return { kind: 'server' };
}

/** How a workshop registration ended. */
export type RegistrationResult =
  | 'registered'
  | 'full'
  | 'notEligible'
  | 'online'
  | 'notFound'
  | 'unknownWorkshop'
  | 'already'
  | 'network'
  | 'server';

/** `POST /api/workshops/:id/registrations` with the order's e-mail and code; never throws. */
export async function registerForWorkshop(
  workshop: string,
  body: { email: string; code: string },
): Promise<RegistrationResult> {
  let response: Response;
  try {
    response = await fetch(`/api/workshops/${encodeURIComponent(workshop)}/registrations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return 'network';
  }
  if (response.status === 201) return 'registered';
  const { error } = await json(response);
  if (response.status === 409 && error === 'workshop_full') return 'full';
  if (response.status === 409 && error === 'already_registered') return 'already';
  if (response.status === 403 && error === 'ticket_not_eligible') return 'notEligible';
  if (response.status === 403 && error === 'online_ticket') return 'online';
  // A workshop taken off the programme since the page was rendered: not the visitor's order.
  if (response.status === 404 && error === 'unknown_workshop') return 'unknownWorkshop';
  if (response.status === 404) return 'notFound';
  return 'server';
}
