// Organisers set a publication's moment as a wall-clock time at the venue, whatever zone their own
// computer is in; the API takes an instant with its offset.

import { EVENT } from '../../site/event';

const ZONE = EVENT.timeZone;
const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Warsaw's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function offsetAt(ms: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A `datetime-local` value read as Warsaw time, as the instant the API takes
 * (`2027-09-01T00:00` → `2027-09-01T00:00:00+02:00`); null when it is not one.
 */
export function warsawInstant(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  // The offset of the instant that wall-clock time names: a second look settles the days the clocks change.
  let offset = offsetAt(asUtc - offsetAt(asUtc) * 60_000);
  offset = offsetAt(asUtc - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as a `datetime-local` value in Warsaw time. */
export function warsawLocal(ms: number): string {
  const shifted = new Date(ms + offsetAt(ms) * 60_000);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}
