import { z } from 'zod';
import { ensureSchema } from '../content/store';
import { ApiError } from '../errors';
import { httpsUrl, textField } from '../text-field';

/**
 * Online access in the content store (D1, migration 0002_online.sql): where each track's stream,
 * each session's recording, each workshop's stream and recording, and the plans' app and Q&A links
 * lead, and the materials of sessions and workshops (files in R2, links). Organisers change them in
 * the console at any time; each ticket's join link reads them per request, so nothing is deployed
 * and no e-mail is sent again when a stream changes.
 */

/** What a source belongs to: a track's stream, a session's recording, a workshop, a plan's extra. */
export const SUBJECT =
  /^(?:track:(?:business|technology)|(?:session|workshop):[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?|extra:(?:networking|expertQa))$/;

/** Which roles each kind of subject has: a track is live only, a session recorded only. */
export const ROLES_OF = {
  track: ['live'],
  session: ['recording'],
  workshop: ['live', 'recording'],
  extra: ['live'],
} as const;
export type SourceRole = 'live' | 'recording';

/** A Cloudflare Stream video or live input uid (32 hex digits), or an https address. */
export type Source = { kind: 'stream'; uid: string } | { kind: 'url'; url: string };

const httpsLink = httpsUrl(500);

/** A source as the console sends it; null clears it. */
export const sourceBody = z
  .object({
    source: z
      .discriminatedUnion('kind', [
        z
          .object({ kind: z.literal('stream'), uid: z.string().regex(/^[0-9a-f]{32}$/, { message: 'stream_uid' }) })
          .strict(),
        z.object({ kind: z.literal('url'), url: httpsLink }).strict(),
      ])
      .nullable(),
  })
  .strict();

/** A link as material: a title and an https address. */
export const linkBody = z.object({ title: textField(160), url: httpsLink }).strict();

/** Whether `subject` is well formed and has the role (a track is live only, a session recorded only). */
export function subjectRole(subject: string, role: string): boolean {
  if (!SUBJECT.test(subject)) return false;
  const kind = subject.slice(0, subject.indexOf(':')) as keyof typeof ROLES_OF;
  return (ROLES_OF[kind] as readonly string[]).includes(role);
}

export type Sources = Record<string, Partial<Record<SourceRole, Source>>>;

/** Every source, by subject and role. */
export async function listSources(db: D1Database): Promise<Sources> {
  await ensureSchema(db);
  const { results } = await db
    .prepare('SELECT subject, role, kind, value FROM online_sources ORDER BY subject, role')
    .all<{ subject: string; role: SourceRole; kind: Source['kind']; value: string }>();
  const sources: Sources = {};
  for (const row of results) {
    const roles = sources[row.subject] ?? {};
    roles[row.role] = row.kind === 'stream' ? { kind: 'stream', uid: row.value } : { kind: 'url', url: row.value };
    sources[row.subject] = roles;
  }
  return sources;
}

/** One source, or null. */
export async function getSource(db: D1Database, subject: string, role: SourceRole): Promise<Source | null> {
  await ensureSchema(db);
  const row = await db
    .prepare('SELECT kind, value FROM online_sources WHERE subject = ? AND role = ?')
    .bind(subject, role)
    .first<{ kind: Source['kind']; value: string }>();
  if (!row) return null;
  return row.kind === 'stream' ? { kind: 'stream', uid: row.value } : { kind: 'url', url: row.value };
}

/** Sets (or with null, clears) a subject's source of a role. */
export async function setSource(
  db: D1Database,
  input: { subject: string; role: SourceRole; source: Source | null; actor: string; now: number },
): Promise<void> {
  await ensureSchema(db);
  if (!input.source) {
    await db.prepare('DELETE FROM online_sources WHERE subject = ? AND role = ?').bind(input.subject, input.role).run();
    return;
  }
  const value = input.source.kind === 'stream' ? input.source.uid : input.source.url;
  await db
    .prepare(
      `INSERT INTO online_sources (subject, role, kind, value, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (subject, role) DO UPDATE SET kind = excluded.kind, value = excluded.value,
         updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    )
    .bind(input.subject, input.role, input.source.kind, value, input.now, input.actor)
    .run();
}

/** A material of a session or a workshop: a file in R2 (`value` its key) or a link (`value` its address). */
export type Material = {
  id: number;
  subject: string;
  kind: 'file' | 'link';
  title: string;
  value: string;
  type: string | null;
  bytes: number | null;
  createdAt: string;
  createdBy: string;
};

/** A material's row: its fields as they are, but when and by whom in the table's own columns. */
type MaterialRow = Omit<Material, 'createdAt' | 'createdBy'> & { created_at: number; created_by: string };

const toMaterial = (row: MaterialRow): Material => ({
  id: row.id,
  subject: row.subject,
  kind: row.kind,
  title: row.title,
  value: row.value,
  type: row.type,
  bytes: row.bytes,
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
});

/** Every material, by subject then in the order added. */
export async function listMaterials(db: D1Database): Promise<Material[]> {
  await ensureSchema(db);
  const { results } = await db.prepare('SELECT * FROM online_materials ORDER BY subject, id').all<MaterialRow>();
  return results.map(toMaterial);
}

/** One material, or null. */
export async function getMaterial(db: D1Database, id: number): Promise<Material | null> {
  await ensureSchema(db);
  const row = await db.prepare('SELECT * FROM online_materials WHERE id = ?').bind(id).first<MaterialRow>();
  return row ? toMaterial(row) : null;
}

/** Adds a material to a session or a workshop; answers it. */
export async function addMaterial(
  db: D1Database,
  input: Omit<Material, 'id' | 'createdAt' | 'createdBy'> & { actor: string; now: number },
): Promise<Material> {
  if (!/^(?:session|workshop):/.test(input.subject) || !SUBJECT.test(input.subject))
    throw new ApiError(404, 'unknown_subject');
  await ensureSchema(db);
  const row = await db
    .prepare(
      `INSERT INTO online_materials (subject, kind, title, value, type, bytes, created_at, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .bind(input.subject, input.kind, input.title, input.value, input.type, input.bytes, input.now, input.actor)
    .first<MaterialRow>();
  return toMaterial(row as MaterialRow);
}

/** Removes a material (its file stays in R2 under its content's name; another record may name it). */
export async function deleteMaterial(db: D1Database, id: number): Promise<boolean> {
  await ensureSchema(db);
  const { meta } = await db.prepare('DELETE FROM online_materials WHERE id = ?').bind(id).run();
  return meta.changes === 1;
}

/** The largest material file: slides and handouts; a video belongs in Stream. */
export const MAX_MATERIAL_BYTES = 25 * 1024 * 1024;

/** The file types organisers may upload as materials, with the extension each is stored under. */
export const MATERIAL_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/**
 * Stores a material file in R2 under a name made from its content (`material-<hash>.<ext>`), in the
 * content bucket beside the images. Errors: 413 `file_too_large`, 415 `unsupported_file_type`.
 */
export async function storeMaterialFile(
  bucket: R2Bucket,
  bytes: Uint8Array,
  type: string,
): Promise<{ key: string; type: string; bytes: number }> {
  if (bytes.length > MAX_MATERIAL_BYTES) throw new ApiError(413, 'file_too_large', { maxBytes: MAX_MATERIAL_BYTES });
  const extension = MATERIAL_TYPES[type];
  if (!extension) throw new ApiError(415, 'unsupported_file_type', { accepted: Object.keys(MATERIAL_TYPES) });
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const key = `material-${hex}.${extension}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type } });
  return { key, type, bytes: bytes.length };
}
