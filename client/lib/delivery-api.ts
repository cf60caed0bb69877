import type { RefusalReason } from '../../site/check-in';
import type { OrderStatus } from '../../site/orders';
import type { ProductId } from '../../site/tickets';

/** What the door learns about a ticket: admitted now, admitted before, not valid, unknown, or no answer. */
export type CheckInResult =
  | { kind: 'admitted'; product: ProductId; name?: string | null; email: string; checkedInAt: string }
  /** Admitted on this list before: when, and at which device. */
  | { kind: 'already'; at: string; device: string | null }
  | { kind: 'unknown' }
  /** The code of a ticket given to another holder since: its old QR code admits nobody. */
  | { kind: 'reissued' }
  /** Not valid on this list: why (an order not paid has its status; an online ticket; no seat...). */
  | { kind: 'notValid'; reason: RefusalReason; status?: OrderStatus }
  | { kind: 'unauthorised' }
  | { kind: 'network' }
  | { kind: 'server' };

const json = (response: Response) => response.json().catch(() => ({})) as Promise<Record<string, unknown>>;

/** `POST /api/admin/check-in` at a check-in list with the organiser's token; never throws. */
export async function checkInTicket(
  token: string,
  ticket: string,
  list = 'entrance',
  /** Who scans and at which device, for the record (the console's door sends both). */
  door: { organiser?: string; device?: string } = {},
): Promise<CheckInResult> {
  let response: Response;
  try {
    response = await fetch('/api/admin/check-in', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        ...(door.organiser ? { 'X-Organiser': door.organiser } : {}),
      },
      body: JSON.stringify({ code: ticket, list, ...(door.device ? { device: door.device } : {}) }),
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
  const previous = (body.previous ?? {}) as { at?: unknown; device?: unknown };
  if (response.status === 409 && body.result === 'already' && typeof previous.at === 'string') {
    return { kind: 'already', at: previous.at, device: typeof previous.device === 'string' ? previous.device : null };
  }
  if (response.status === 409 && body.error === 'ticket_reissued') return { kind: 'reissued' };
  if (response.status === 409 && body.error === 'ticket_not_valid' && typeof body.reason === 'string') {
    return {
      kind: 'notValid',
      reason: body.reason as RefusalReason,
      ...(typeof body.status === 'string' ? { status: body.status as OrderStatus } : {}),
    };
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
