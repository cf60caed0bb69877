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
export const TERMS_DATE = '2025-06-01';
