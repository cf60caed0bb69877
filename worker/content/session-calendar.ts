import { calendarSlug } from '../../site/calendar';
import type { LanguageCode } from '../../site/languages';
import type { LocalTime, RoomId } from '../../site/program';
import { type Session, type Speaker, textsIn } from './schema';
import { ensureSchema } from './store';

/** A published session as its calendar file needs it (worker/routes/calendar.ts). */
export type CalendarSession = {
  id: string;
  start: LocalTime;
  end: LocalTime;
  room: RoomId;
  /** The names of its speakers that are published, in the session's order. */
  speakerNames: string[];
  /** Its title and abstract in a language, each missing one in Polish. */
  textsIn(lang: LanguageCode): { title: string; abstract: string };
};

/**
 * The published session whose calendar slug is `slug` (`ai-strategy` for `aiStrategy`, a new
 * session's kebab-case id as it is), or null when none is published: a draft, an unpublished or a
 * deleted session has no calendar file. An id that is exactly the slug wins over one that only
 * maps to it.
 */
export async function publishedSessionBySlug(db: D1Database, slug: string): Promise<CalendarSession | null> {
  await ensureSchema(db);
  const { results } = await db
    .prepare("SELECT id, published FROM content_records WHERE kind = 'sessions' AND published IS NOT NULL")
    .all<{ id: string; published: string }>();
  const row = results.find((r) => r.id === slug) ?? results.find((r) => calendarSlug(r.id) === slug);
  if (!row) return null;
  return (await withSpeakers(db, [row]))[0] ?? null;
}

/**
 * Every published session of the day in time order (then by id): the programme as it stands now,
 * which a holder's agenda and its calendar feed are read against (worker/routes/tickets.ts).
 */
export async function publishedSessions(db: D1Database): Promise<CalendarSession[]> {
  await ensureSchema(db);
  const { results } = await db
    .prepare("SELECT id, published FROM content_records WHERE kind = 'sessions' AND published IS NOT NULL")
    .all<{ id: string; published: string }>();
  const sessions = await withSpeakers(db, results);
  return sessions.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/** Sessions from their published rows, each with the names of its published speakers (one D1 read). */
async function withSpeakers(db: D1Database, rows: { id: string; published: string }[]): Promise<CalendarSession[]> {
  const sessions = rows.map((row) => ({ id: row.id, session: JSON.parse(row.published) as Session }));
  const byId = new Map<string, string>();
  if (sessions.some(({ session }) => session.speakers.length)) {
    // All published speakers at once: an `IN (…)` of every speaker of the day could pass D1's
    // limit of bound parameters, and the list is small.
    const { results: speakers } = await db
      .prepare("SELECT id, published FROM content_records WHERE kind = 'speakers' AND published IS NOT NULL")
      .all<{ id: string; published: string }>();
    for (const s of speakers) byId.set(s.id, (JSON.parse(s.published) as Speaker).name);
  }
  return sessions.map(({ id, session }) => ({
    id,
    start: session.start as LocalTime,
    end: session.end as LocalTime,
    room: session.room,
    speakerNames: session.speakers.flatMap((speaker) => byId.get(speaker) ?? []),
    textsIn: (lang: LanguageCode) => textsIn(session.texts, lang),
  }));
}
