const json = (response: Response) => response.json().catch(() => ({})) as Promise<Record<string, unknown>>;

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

/** POSTs the body to one of a workshop's endpoints; `null` when the request never got an answer. */
async function postToWorkshop(
  workshop: string,
  endpoint: 'registrations' | 'waitlist',
  body: Record<string, string>,
): Promise<Response | null> {
  try {
    return await fetch(`/api/workshops/${encodeURIComponent(workshop)}/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

/** The refusals a registration and a waiting-list sign-up share: the order, its ticket, the workshop. */
function refusal(status: number, error: unknown): Exclude<RegistrationResult, 'registered' | 'full' | 'network'> {
  if (status === 409 && error === 'already_registered') return 'already';
  if (status === 403 && error === 'ticket_not_eligible') return 'notEligible';
  if (status === 403 && error === 'online_ticket') return 'online';
  // A workshop taken off the programme since the page was rendered: not the visitor's order.
  if (status === 404 && error === 'unknown_workshop') return 'unknownWorkshop';
  if (status === 404) return 'notFound';
  return 'server';
}

/** `POST /api/workshops/:id/registrations` with the order's e-mail and code; never throws. */
export async function registerForWorkshop(
  workshop: string,
  body: { email: string; code: string },
): Promise<RegistrationResult> {
  const response = await postToWorkshop(workshop, 'registrations', body);
  if (!response) return 'network';
  if (response.status === 201) return 'registered';
  const { error } = await json(response);
  if (response.status === 409 && error === 'workshop_full') return 'full';
  return refusal(response.status, error);
}

/** How a sign-up for a full workshop's waiting list ended. */
export type WaitlistJoinResult =
  | { kind: 'waitlistJoined'; position: number }
  | { kind: 'waitlistExists' | 'waitlistSeatsLeft' }
  | { kind: Exclude<RegistrationResult, 'registered' | 'full'> };

/** `POST /api/workshops/:id/waitlist` with the order's e-mail and code (as a registration); never throws. */
export async function joinWorkshopWaitlist(
  workshop: string,
  body: { email: string; code: string; lang: string },
): Promise<WaitlistJoinResult> {
  const response = await postToWorkshop(workshop, 'waitlist', body);
  if (!response) return { kind: 'network' };
  const answer = await json(response);
  if (response.status === 201) return { kind: 'waitlistJoined', position: Number(answer.position) || 1 };
  if (response.status === 200) return { kind: 'waitlistExists' };
  if (response.status === 409 && answer.error === 'seats_left') return { kind: 'waitlistSeatsLeft' };
  return { kind: refusal(response.status, answer.error) };
}
