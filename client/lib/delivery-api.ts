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
  let response: Response;
  try {
    response = await fetch(`/api/workshops/${encodeURIComponent(workshop)}/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'network' };
  }
  const answer = await json(response);
  if (response.status === 201) return { kind: 'waitlistJoined', position: Number(answer.position) || 1 };
  if (response.status === 200) return { kind: 'waitlistExists' };
  const { error } = answer;
  if (response.status === 409 && error === 'seats_left') return { kind: 'waitlistSeatsLeft' };
  if (response.status === 409 && error === 'already_registered') return { kind: 'already' };
  if (response.status === 403 && error === 'ticket_not_eligible') return { kind: 'notEligible' };
  if (response.status === 403 && error === 'online_ticket') return { kind: 'online' };
  if (response.status === 404 && error === 'unknown_workshop') return { kind: 'unknownWorkshop' };
  if (response.status === 404) return { kind: 'notFound' };
  return { kind: 'server' };
}
