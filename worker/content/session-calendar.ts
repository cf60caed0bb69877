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
  const session = JSON.parse(row.published) as Session;
  const names: string[] = [];
  if (session.speakers.length) {
    const { results: speakers } = await db
      .prepare(
        `SELECT id, published FROM content_records WHERE kind = 'speakers' AND published IS NOT NULL AND id IN (${session.speakers.map(() => '?').join(',')})`,
      )
      .bind(...session.speakers)
      .all<{ id: string; published: string }>();
    const byId = new Map(speakers.map((s) => [s.id, (JSON.parse(s.published) as Speaker).name]));
    for (const id of session.speakers) {
      const name = byId.get(id);
      if (name) names.push(name);
    }
  }
  return {
    id: row.id,
    start: session.start as LocalTime,
    end: session.end as LocalTime,
    room: session.room,
    speakerNames: names,
    textsIn: (lang) => textsIn(session.texts, lang),
  };
}
