import { EVENT } from './event';

/** Attendance can be cancelled until this many days before the event (terms, section 2). */
export const CANCELLATION_DAYS = 14;

/** Last day (`YYYY-MM-DD`) on which attendance can be cancelled. */
export function cancellationDeadline(eventDate: string = EVENT.date, days: number = CANCELLATION_DAYS): string {
  const date = new Date(`${eventDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Section anchors of the terms page, so other pages can link to a section. */
export const TERMS_SECTIONS = ['general', 'participation', 'safety'] as const;

/** Date from which the current terms apply (`YYYY-MM-DD`). */
export const TERMS_DATE = '2026-11-27';

/** The instant the congress opens its doors, in Warsaw: a ticket's holder can be changed until then. */
export const eventStartsAt = (): number => Date.parse(`${EVENT.date}T${EVENT.startTime}:00${EVENT.utcOffset}`);

/**
 * The instant a buyer's cancellation closes: the end of the deadline day in Warsaw (the day runs in
 * the same summer time as the event day, two weeks before it).
 */
export function cancellationClosesAt(eventDate: string = EVENT.date, days: number = CANCELLATION_DAYS): number {
  const last = new Date(`${cancellationDeadline(eventDate, days)}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + 1);
  return Date.parse(`${last.toISOString().slice(0, 10)}T00:00:00${EVENT.utcOffset}`);
}
