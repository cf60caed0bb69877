import type { LanguageCode } from '../../site/languages';
import { PROMOTION_UNTIL } from '../../site/tickets';
import { ApiError } from '../errors';
import { whereOf } from '../sql-where';
import type { StoredImage } from './images';
import migration0001 from './migrations/0001_content.sql?raw';
import migration0002 from './migrations/0002_online.sql?raw';
import { type ContentFields, type ContentKind, missingTranslations, textsIn } from './schema';

/**
 * The content store over D1: one row per record with its draft and the copy visitors see, a
 * history of who changed what, scheduled publications and uploaded images' sizes. Every function
 * takes the database binding and the instant it works at (the caller's clock), never a Context.
 */

/** The migrations, in order, as `wrangler d1 migrations apply` names them. */
const MIGRATIONS: readonly { name: string; sql: string }[] = [
  { name: '0001_content.sql', sql: migration0001 },
  { name: '0002_online.sql', sql: migration0002 },
];

/** The instant the edition's lists publish themselves (1 September, 00:00 Europe/Warsaw; site/). */
export const LISTS_PUBLISH_AT = Date.parse(PROMOTION_UNTIL);

const schemaReady = new WeakMap<D1Database, Promise<void>>();

/** SQL statements of a migration file: comments dropped, split at semicolons. */
const statements = (sql: string) =>
  sql
    .replace(/--.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

async function applyMigrations(db: D1Database): Promise<void> {
  // The same bookkeeping table as `wrangler d1 migrations apply`, so either may run first.
  await db
    .prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    )
    .run();
  const { results } = await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>();
  const applied = new Set(results.map((r) => r.name));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    try {
      await db.batch([
        ...statements(migration.sql).map((s) => db.prepare(s)),
        db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
      ]);
    } catch (error) {
      // Another request applied it meanwhile (the batch is one transaction, so nothing half-done).
      const again = await db.prepare('SELECT 1 FROM d1_migrations WHERE name = ?').bind(migration.name).first();
      if (!again) throw error;
    }
  }
}

/**
 * Makes sure the tables exist: a fresh local store (`npm start`) and a new database work without
 * a separate migration step. Once per isolate and database.
 */
export function ensureSchema(db: D1Database): Promise<void> {
  let ready = schemaReady.get(db);
  if (!ready) {
    ready = applyMigrations(db).catch((error) => {
      schemaReady.delete(db);
      throw error;
    });
    schemaReady.set(db, ready);
  }
  return ready;
}

export type RecordStatus = 'draft' | 'published' | 'changed';

/** A record as the API answers it. */
export type ContentRecord<K extends ContentKind = ContentKind> = {
  kind: K;
  id: string;
  version: number;
  example: boolean;
  status: RecordStatus;
  draft: ContentFields[K];
  published: ContentFields[K] | null;
  publishedVersion: number | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  publishedAt: string | null;
  /** Per language other than Polish, the draft's text fields that are missing (Polish shows). */
  missing: Record<string, string[]>;
};

type Row = {
  kind: ContentKind;
  id: string;
  version: number;
  draft: string;
  published: string | null;
  published_version: number | null;
  example: number;
  created_at: number;
  updated_at: number;
  updated_by: string;
  published_at: number | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

function toRecord(row: Row): ContentRecord {
  const draft = JSON.parse(row.draft);
  return {
    kind: row.kind,
    id: row.id,
    version: row.version,
    example: row.example === 1,
    status: row.published_version === null ? 'draft' : row.published_version === row.version ? 'published' : 'changed',
    draft,
    published: row.published ? JSON.parse(row.published) : null,
    publishedVersion: row.published_version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
    publishedAt: row.published_at === null ? null : iso(row.published_at),
    missing: missingTranslations(draft.texts ?? {}),
  };
}

/** One record, or null. */
export async function getRecord(db: D1Database, kind: ContentKind, id: string): Promise<ContentRecord | null> {
  await ensureSchema(db);
  const row = await db.prepare('SELECT * FROM content_records WHERE kind = ? AND id = ?').bind(kind, id).first<Row>();
  return row ? toRecord(row) : null;
}

/** Every record of a kind, by id. */
export async function listRecords(db: D1Database, kind: ContentKind): Promise<ContentRecord[]> {
  await ensureSchema(db);
  const { results } = await db
    .prepare('SELECT * FROM content_records WHERE kind = ? ORDER BY id')
    .bind(kind)
    .all<Row>();
  return results.map(toRecord);
}

const historyEntry = (
  db: D1Database,
  at: number,
  actor: string,
  action: string,
  kind: string | null,
  id: string | null,
  version: number | null,
  detail: unknown = null,
) =>
  db
    .prepare('INSERT INTO content_history (at, actor, action, kind, id, version, detail) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(at, actor, action, kind, id, version, detail === null ? null : JSON.stringify(detail));

const bumpRevision = (db: D1Database) =>
  db.prepare(
    "INSERT INTO content_state (name, value) VALUES ('revision', '1') ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
  );

/** The revision of what visitors see: one more with every change of a published record. */
export async function publishedRevision(db: D1Database): Promise<number> {
  await ensureSchema(db);
  const row = await db.prepare("SELECT value FROM content_state WHERE name = 'revision'").first<{ value: string }>();
  return row ? Number(row.value) : 0;
}

/** A published record that a render could not draw: left out of the pages in those languages. */
export type RenderFailure = { kind: ContentKind; id: string; languages: LanguageCode[]; message: string };

/**
 * What the last render of the content pages did, for the console: the revision it drew, when, how
 * many pages it wrote, the pages it could not write (they keep what they showed) and the records
 * it left out.
 */
export type RenderReport = {
  revision: number;
  at: string;
  pages: number;
  failedPages: string[];
  failures: RenderFailure[];
};

/** Keeps the report of the render that just finished (the newest render's wins). */
export async function saveRenderReport(db: D1Database, report: RenderReport): Promise<void> {
  await ensureSchema(db);
  await db
    .prepare(
      "INSERT INTO content_state (name, value) VALUES ('render', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    )
    .bind(JSON.stringify(report))
    .run();
}

/** The last render's report with the revision published now (the report is stale while they differ), or null. */
export async function renderReport(db: D1Database): Promise<(RenderReport & { current: number }) | null> {
  const [row, current] = await Promise.all([
    ensureSchema(db).then(() =>
      db.prepare("SELECT value FROM content_state WHERE name = 'render'").first<{ value: string }>(),
    ),
    publishedRevision(db),
  ]);
  return row ? { ...(JSON.parse(row.value) as RenderReport), current } : null;
}

/** The records (and images) that a record refers to and that must exist: 422 with the paths that do not. */
async function checkReferences(db: D1Database, kind: ContentKind, fields: Record<string, unknown>): Promise<void> {
  const wanted: { path: string; kind: 'speakers' | 'image'; id: string }[] = [];
  if (kind === 'sessions') {
    (fields.speakers as string[]).forEach((id, i) => {
      wanted.push({ path: `speakers.${i}`, kind: 'speakers', id });
    });
  }
  if (kind === 'workshops' && fields.instructor) {
    wanted.push({ path: 'instructor', kind: 'speakers', id: fields.instructor as string });
  }
  for (const field of ['image', 'logo'] as const) {
    const ref = fields[field];
    if (typeof ref === 'string' && ref.startsWith('img-')) wanted.push({ path: field, kind: 'image', id: ref });
  }
  const missing: Record<string, string> = {};
  for (const ref of wanted) {
    const found =
      ref.kind === 'image'
        ? await db.prepare('SELECT 1 FROM content_images WHERE key = ?').bind(ref.id).first()
        : await db.prepare("SELECT 1 FROM content_records WHERE kind = 'speakers' AND id = ?").bind(ref.id).first();
    if (!found) missing[ref.path] = ref.kind === 'image' ? 'unknown_image' : 'unknown_speaker';
  }
  if (Object.keys(missing).length) throw new ApiError(422, 'invalid_fields', { fields: missing });
}

/** The top-level fields (and `texts.<lang>`) that differ between two versions of a record. */
function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const name of names) {
    if (name === 'texts') {
      const a = (before?.texts ?? {}) as Record<string, unknown>;
      const b = (after.texts ?? {}) as Record<string, unknown>;
      for (const lang of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (JSON.stringify(a[lang]) !== JSON.stringify(b[lang])) changed.push(`texts.${lang}`);
      }
    } else if (JSON.stringify(before?.[name]) !== JSON.stringify(after[name])) changed.push(name);
  }
  return changed;
}

export type SaveInput<K extends ContentKind> = {
  kind: K;
  id: string;
  fields: ContentFields[K];
  /** The version the writer edited: absent or 0 creates; absent on an existing record is refused. */
  version: number | undefined;
  /** Marks the record as example content (the seed's), or clears the mark; absent keeps it. */
  example?: boolean;
  actor: string;
  now: number;
};

/**
 * Saves a draft. A record is created with version 1; an edit must name the version it started
 * from and makes the next one. Errors: 409 `version_conflict` (with the current version) when
 * another save came first, 428 `version_required` for an edit without a version, 422
 * `invalid_fields` for a speaker or image that does not exist.
 */
export async function saveDraft<K extends ContentKind>(db: D1Database, input: SaveInput<K>): Promise<ContentRecord<K>> {
  await ensureSchema(db);
  const { kind, id, fields, version, actor, now } = input;
  await checkReferences(db, kind, fields as Record<string, unknown>);
  const existing = await db
    .prepare('SELECT * FROM content_records WHERE kind = ? AND id = ?')
    .bind(kind, id)
    .first<Row>();
  const draft = JSON.stringify(fields);
  if (!existing) {
    if (version) throw new ApiError(409, 'version_conflict', { current: null });
    try {
      await db.batch([
        db
          .prepare(
            'INSERT INTO content_records (kind, id, version, draft, example, created_at, updated_at, updated_by) VALUES (?, ?, 1, ?, ?, ?, ?, ?)',
          )
          .bind(kind, id, draft, input.example ? 1 : 0, now, now, actor),
        historyEntry(db, now, actor, 'created', kind, id, 1, { fields: changedFields(null, fields) }),
      ]);
    } catch (error) {
      // The same id created by someone else a moment before: their record stays.
      if (String(error).includes('UNIQUE')) throw new ApiError(409, 'version_conflict', { current: 1 });
      throw error;
    }
  } else {
    if (version === undefined) throw new ApiError(428, 'version_required', { current: existing.version });
    if (version !== existing.version) throw new ApiError(409, 'version_conflict', { current: existing.version });
    const example = input.example === undefined ? existing.example : input.example ? 1 : 0;
    const [update] = await db.batch([
      db
        .prepare(
          'UPDATE content_records SET version = version + 1, draft = ?, example = ?, updated_at = ?, updated_by = ? WHERE kind = ? AND id = ? AND version = ?',
        )
        .bind(draft, example, now, actor, kind, id, version),
      // Written only when the update was, in the same transaction.
      db
        .prepare(
          'INSERT INTO content_history (at, actor, action, kind, id, version, detail) SELECT ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1',
        )
        .bind(
          now,
          actor,
          'saved',
          kind,
          id,
          version + 1,
          JSON.stringify({ fields: changedFields(JSON.parse(existing.draft), fields) }),
        ),
    ]);
    if (update?.meta.changes !== 1) {
      const current = await db
        .prepare('SELECT version FROM content_records WHERE kind = ? AND id = ?')
        .bind(kind, id)
        .first<number>('version');
      throw new ApiError(409, 'version_conflict', { current });
    }
  }
  return (await getRecord(db, kind, id)) as ContentRecord<K>;
}

/** The sessions and workshops whose draft or published copy names a speaker, as `kind/id`. */
async function recordsNaming(db: D1Database, speaker: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT kind, id, draft, published FROM content_records WHERE kind IN ('sessions', 'workshops')")
    .all<{ kind: string; id: string; draft: string; published: string | null }>();
  const names = (json: string | null) => {
    const record = json ? (JSON.parse(json) as { speakers?: string[]; instructor?: string | null }) : {};
    return [...(record.speakers ?? []), record.instructor];
  };
  return results
    .filter((r) => [...names(r.draft), ...names(r.published)].includes(speaker))
    .map((r) => `${r.kind}/${r.id}`);
}

/**
 * Deletes a record, draft and published copy alike. Needs the current version (409
 * `version_conflict` otherwise); a speaker that a session or workshop names is refused (409
 * `in_use`, with those records).
 */
export async function deleteRecord(
  db: D1Database,
  input: { kind: ContentKind; id: string; version: number | undefined; actor: string; now: number },
): Promise<void> {
  await ensureSchema(db);
  const { kind, id, version, actor, now } = input;
  const existing = await db
    .prepare('SELECT version, published_version FROM content_records WHERE kind = ? AND id = ?')
    .bind(kind, id)
    .first<{ version: number; published_version: number | null }>();
  if (!existing) throw new ApiError(404, 'not_found');
  if (version === undefined) throw new ApiError(428, 'version_required', { current: existing.version });
  if (version !== existing.version) throw new ApiError(409, 'version_conflict', { current: existing.version });
  if (kind === 'speakers') {
    const users = await recordsNaming(db, id);
    if (users.length) throw new ApiError(409, 'in_use', { by: users });
  }
  const [removed] = await db.batch([
    db.prepare('DELETE FROM content_records WHERE kind = ? AND id = ? AND version = ?').bind(kind, id, version),
    db
      .prepare(
        'INSERT INTO content_history (at, actor, action, kind, id, version) SELECT ?, ?, ?, ?, ?, ? WHERE changes() = 1',
      )
      .bind(now, actor, 'deleted', kind, id, version),
    ...(existing.published_version === null ? [] : [bumpRevision(db)]),
  ]);
  if (removed?.meta.changes !== 1) throw new ApiError(409, 'version_conflict', { current: null });
}

/**
 * Publishes every draft that differs from its published copy, now: the pages show them after the
 * next render. A publication by an organiser before the edition's lists day takes the place of the
 * lists' own. Returns how many records changed and the new revision.
 */
export async function publishNow(
  db: D1Database,
  input: { actor: string; now: number; scheduled?: boolean },
): Promise<{ published: number; revision: number }> {
  await ensureSchema(db);
  const { actor, now } = input;
  const pending = await db
    .prepare(
      'SELECT kind, id, version FROM content_records WHERE published_version IS NULL OR published_version != version',
    )
    .all<{ kind: string; id: string; version: number }>();
  const steps = pending.results.length
    ? [
        ...pending.results.map((r) => historyEntry(db, now, actor, 'published', r.kind, r.id, r.version)),
        db
          .prepare(
            'UPDATE content_records SET published = draft, published_version = version, published_at = ? WHERE published_version IS NULL OR published_version != version',
          )
          .bind(now),
        bumpRevision(db),
      ]
    : [historyEntry(db, now, actor, 'published', null, null, null)];
  if (!input.scheduled) {
    steps.push(
      db
        .prepare(
          "UPDATE content_schedule SET state = 'superseded' WHERE source = 'lists' AND state = 'pending' AND at > ?",
        )
        .bind(now),
    );
  }
  await db.batch(steps);
  return { published: pending.results.length, revision: await publishedRevision(db) };
}

export type Scheduled = { id: number; at: string; source: 'organiser' | 'lists'; createdBy: string; state: string };

type ScheduleRow = { sid: number; at: number; source: 'organiser' | 'lists'; created_by: string; state: string };
const toScheduled = (row: ScheduleRow): Scheduled => ({
  id: row.sid,
  at: iso(row.at),
  source: row.source,
  createdBy: row.created_by,
  state: row.state,
});

/** Sets a publication of the drafts for a later instant. */
export async function schedulePublish(
  db: D1Database,
  input: { at: number; actor: string; now: number },
): Promise<Scheduled> {
  await ensureSchema(db);
  const row = await db
    .prepare(
      "INSERT INTO content_schedule (at, source, created_at, created_by) VALUES (?, 'organiser', ?, ?) RETURNING *",
    )
    .bind(input.at, input.now, input.actor)
    .first<ScheduleRow>();
  await historyEntry(db, input.now, input.actor, 'scheduled', null, null, null, { at: iso(input.at) }).run();
  return toScheduled(row as ScheduleRow);
}

/** The publications still to come, soonest first. */
export async function pendingSchedule(db: D1Database): Promise<Scheduled[]> {
  await ensureSchema(db);
  const { results } = await db
    .prepare("SELECT * FROM content_schedule WHERE state = 'pending' ORDER BY at, sid")
    .all<ScheduleRow>();
  return results.map(toScheduled);
}

/** Cancels a publication still to come; false when there is none with that id. */
export async function cancelSchedule(
  db: D1Database,
  input: { id: number; actor: string; now: number },
): Promise<boolean> {
  await ensureSchema(db);
  const [result] = await db.batch([
    db.prepare("UPDATE content_schedule SET state = 'cancelled' WHERE sid = ? AND state = 'pending'").bind(input.id),
    db
      .prepare('INSERT INTO content_history (at, actor, action, detail) SELECT ?, ?, ?, ? WHERE changes() = 1')
      .bind(input.now, input.actor, 'schedule_cancelled', JSON.stringify({ schedule: input.id })),
  ]);
  return result?.meta.changes === 1;
}

/**
 * Runs the publications whose instant has come (the edition's lists among them): one publication
 * however many are due. Called by the minute's cron and before the store is read, so a due
 * publication never waits for the cron. Returns whether anything was published.
 */
export async function runDuePublications(db: D1Database, now: number): Promise<boolean> {
  await ensureSchema(db);
  const due = await db
    .prepare("SELECT * FROM content_schedule WHERE state = 'pending' AND at <= ? ORDER BY at")
    .bind(now)
    .all<ScheduleRow>();
  if (due.results.length === 0) return false;
  // Claim them first, so two runs at once publish once.
  const claimed = await db
    .prepare(
      `UPDATE content_schedule SET state = 'done' WHERE state = 'pending' AND sid IN (${due.results.map(() => '?').join(',')})`,
    )
    .bind(...due.results.map((r) => r.sid))
    .run();
  if (claimed.meta.changes === 0) return false;
  const first = due.results[0];
  await publishNow(db, {
    actor: first?.source === 'organiser' ? first.created_by : 'lists (1 September)',
    now,
    scheduled: true,
  });
  return true;
}

/** Withdraws a record from the pages; its draft stays. */
export async function unpublish(
  db: D1Database,
  input: { kind: ContentKind; id: string; actor: string; now: number },
): Promise<ContentRecord> {
  await ensureSchema(db);
  const { kind, id, actor, now } = input;
  const [result] = await db.batch([
    db
      .prepare(
        'UPDATE content_records SET published = NULL, published_version = NULL, published_at = NULL WHERE kind = ? AND id = ? AND published IS NOT NULL',
      )
      .bind(kind, id),
    db
      .prepare('INSERT INTO content_history (at, actor, action, kind, id) SELECT ?, ?, ?, ?, ? WHERE changes() = 1')
      .bind(now, actor, 'unpublished', kind, id),
  ]);
  if (result?.meta.changes === 1) await bumpRevision(db).run();
  const record = await getRecord(db, kind, id);
  if (!record) throw new ApiError(404, 'not_found');
  return record;
}

export type HistoryEntry = {
  seq: number;
  at: string;
  actor: string;
  action: string;
  kind: string | null;
  id: string | null;
  version: number | null;
  detail: unknown;
};

/** Who changed what, newest first: of one record, of a kind, or of everything. */
export async function history(
  db: D1Database,
  filter: { kind?: ContentKind; id?: string; limit?: number } = {},
): Promise<HistoryEntry[]> {
  await ensureSchema(db);
  const { clause, values } = whereOf([filter.kind && ['kind = ?', filter.kind], filter.id && ['id = ?', filter.id]]);
  const { results } = await db
    .prepare(`SELECT * FROM content_history ${clause} ORDER BY seq DESC LIMIT ?`)
    .bind(...values, filter.limit ?? 100)
    .all<Omit<HistoryEntry, 'at' | 'detail'> & { at: number; detail: string | null }>();
  return results.map((r) => ({ ...r, at: iso(r.at), detail: r.detail ? JSON.parse(r.detail) : null }));
}

/** Records an uploaded image's size, so pages can reserve its place. */
export async function recordImage(db: D1Database, image: StoredImage, actor: string, now: number): Promise<void> {
  await ensureSchema(db);
  await db.batch([
    db
      .prepare(
        'INSERT OR IGNORE INTO content_images (key, type, width, height, bytes, uploaded_at, uploaded_by) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(image.key, image.type, image.width, image.height, image.bytes, now, actor),
    historyEntry(db, now, actor, 'image_uploaded', null, null, null, { image: image.key }),
  ]);
}

export type ImageSize = { key: string; type: string; width: number; height: number };

/** Every uploaded image's size, by key. */
export async function imageSizes(db: D1Database): Promise<Map<string, ImageSize>> {
  await ensureSchema(db);
  const { results } = await db.prepare('SELECT key, type, width, height FROM content_images').all<ImageSize>();
  return new Map(results.map((r) => [r.key, r]));
}

/** What visitors see: every published record of every kind, with its id and example mark. */
export type PublishedContent = {
  [K in ContentKind]: (ContentFields[K] & { id: string; example: boolean })[];
};

/**
 * The published titles of the given workshops in one language (Polish where one is missing), by id;
 * an id the store does not publish is left out. For a buyer's order page, whose seats may be in a
 * workshop the organisers published after the build.
 */
export async function workshopTitles(
  db: D1Database,
  ids: readonly string[],
  lang: LanguageCode,
): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  await ensureSchema(db);
  const { results } = await db
    .prepare(
      `SELECT id, published FROM content_records WHERE kind = 'workshops' AND published IS NOT NULL
         AND id IN (${ids.map(() => '?').join(', ')})`,
    )
    .bind(...ids)
    .all<{ id: string; published: string }>();
  return Object.fromEntries(
    results.map((row) => [
      row.id,
      textsIn((JSON.parse(row.published) as ContentFields['workshops']).texts, lang).title,
    ]),
  );
}

/** Every published record, by kind (ids in order); the pages are rendered from this. */
export const publishedContent = (db: D1Database) => contentAs(db, 'published');

/** Every record with its draft in place of its published copy: what a publication now would show. */
export const draftContent = (db: D1Database) => contentAs(db, 'draft');

/** Every record as one of its copies, by kind (ids in order); a record without that copy is left out. */
async function contentAs(db: D1Database, copy: 'published' | 'draft'): Promise<PublishedContent> {
  await ensureSchema(db);
  // `copy` is one of two column names, never input.
  const { results } = await db
    .prepare(
      `SELECT kind, id, ${copy} AS fields, example FROM content_records WHERE ${copy} IS NOT NULL ORDER BY kind, id`,
    )
    .all<{ kind: ContentKind; id: string; fields: string; example: number }>();
  const content: PublishedContent = { speakers: [], sessions: [], workshops: [], exhibitors: [], partners: [] };
  for (const row of results) {
    (content[row.kind] as unknown[]).push({ ...JSON.parse(row.fields), id: row.id, example: row.example === 1 });
  }
  return content;
}

/** The published records still marked as examples: a production deploy refuses while there is one. */
export async function publishedExamples(db: D1Database): Promise<{ kind: string; id: string }[]> {
  await ensureSchema(db);
  const { results } = await db
    .prepare('SELECT kind, id FROM content_records WHERE published IS NOT NULL AND example = 1 ORDER BY kind, id')
    .all<{ kind: string; id: string }>();
  return results;
}

/** Whether the store has ever held a record (the seed goes only into an empty store). */
export async function isEmpty(db: D1Database): Promise<boolean> {
  await ensureSchema(db);
  const seeded = await db.prepare("SELECT 1 FROM content_state WHERE name = 'seeded'").first();
  if (seeded) return false;
  return !(await db.prepare('SELECT 1 FROM content_records LIMIT 1').first());
}

/** Makes sure the edition's lists publish themselves on their day, once. */
export async function ensureListsSchedule(db: D1Database, now: number): Promise<void> {
  await ensureSchema(db);
  await db
    .prepare(
      "INSERT OR IGNORE INTO content_schedule (at, source, created_at, created_by) VALUES (?, 'lists', ?, 'lists (1 September)')",
    )
    .bind(LISTS_PUBLISH_AT, now)
    .run();
}
