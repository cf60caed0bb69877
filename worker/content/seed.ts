import type { LanguageCode } from '../../site/languages';
import { TRACKS } from '../../site/program';
import { SPEAKERS } from '../../site/speakers';
import { WORKSHOPS } from '../../site/workshops';
import { CATALOGUES } from '../catalogues';
import type { ContentFields, ContentKind } from './schema';
import { ensureListsSchedule, ensureSchema, isEmpty, runDuePublications } from './store';

const perLanguage = <T>(pick: (events: (typeof CATALOGUES)['events']['pl']) => T) =>
  Object.fromEntries(Object.entries(CATALOGUES.events).map(([lang, events]) => [lang, pick(events)])) as Record<
    LanguageCode,
    T
  >;

type SeedRecord = { [K in ContentKind]: { kind: K; id: string; fields: ContentFields[K] } }[ContentKind];

/**
 * Today's example content of `site/` and the `events` catalogues as store records: the sample
 * speakers, sessions and workshops, with the ids that workshop seats and calendar files use.
 * Exhibitors and partners have no examples.
 */
export function seedRecords(): SeedRecord[] {
  const speakers: SeedRecord[] = SPEAKERS.map((s) => ({
    kind: 'speakers',
    id: s.id,
    fields: {
      name: s.name,
      image: s.image,
      links: { linkedin: s.linkedin, x: s.x },
      texts: perLanguage((e) => ({
        role: e.speakers.people[s.id].role,
        bio: e.speakers.people[s.id].bio,
        topics: s.topics.map((topic) => e.speakers.topics[topic]),
      })),
    },
  }));
  const sessions: SeedRecord[] = TRACKS.flatMap((track) =>
    track.sessions.map((s) => ({
      kind: 'sessions' as const,
      id: s.id,
      fields: {
        track: track.id,
        room: s.room,
        start: s.start,
        end: s.end,
        speakers: [...s.speakers],
        seats: null,
        texts: perLanguage((e) => ({ ...e.program.sessions[s.id] })),
      },
    })),
  );
  const workshops: SeedRecord[] = WORKSHOPS.map((w) => ({
    kind: 'workshops',
    id: w.id,
    fields: {
      category: w.category,
      level: w.level,
      durationHours: w.durationHours,
      capacity: w.capacity,
      instructor: w.instructor,
      texts: perLanguage((e) => ({
        ...e.workshops.items[w.id],
        prerequisites: w.prerequisites.map((p) => e.workshops.prerequisites[p]),
      })),
    },
  }));
  return [...speakers, ...sessions, ...workshops];
}

/**
 * Loads the example content into an empty store, published and marked as examples, so that a
 * fresh local site shows what it showed before the store existed. Once: an organiser who deletes
 * every example does not get them back.
 */
export async function seedIfEmpty(db: D1Database, now: number): Promise<boolean> {
  await ensureSchema(db);
  if (!(await isEmpty(db))) return false;
  const insert = db.prepare(
    `INSERT OR IGNORE INTO content_records (kind, id, version, draft, published, published_version, example, created_at, updated_at, updated_by, published_at)
     VALUES (?, ?, 1, ?, ?, 1, 1, ?, ?, 'seed', ?)`,
  );
  const records = seedRecords();
  const [first] = await db.batch([
    db.prepare("INSERT OR IGNORE INTO content_state (name, value) VALUES ('seeded', ?)").bind(String(now)),
    ...records.map((r) => {
      const json = JSON.stringify(r.fields);
      return insert.bind(r.kind, r.id, json, json, now, now, now);
    }),
    db
      .prepare(
        "INSERT INTO content_history (at, actor, action, detail) SELECT ?, 'seed', 'seeded', ? WHERE (SELECT value FROM content_state WHERE name = 'seeded') = ?",
      )
      .bind(now, JSON.stringify({ records: records.length }), String(now)),
    db.prepare(
      "INSERT INTO content_state (name, value) VALUES ('revision', '1') ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
    ),
  ]);
  return first?.meta.changes === 1;
}

/**
 * Before anything reads the store: the example content goes into an empty local one (production
 * starts empty: the examples are for local sites, and a deploy refuses to publish them), the
 * edition's lists get their publication, and a publication that is due happens now rather than at
 * the next cron. Returns whether something was published.
 */
export async function prepareStore(db: D1Database, now: number, environment: string | undefined): Promise<boolean> {
  if (environment !== 'production') await seedIfEmpty(db, now);
  await ensureListsSchedule(db, now);
  return runDuePublications(db, now);
}
