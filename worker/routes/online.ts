import { Hono } from 'hono';
import { z } from 'zod';
import { TRACK_IDS } from '../../site/access';
import { now } from '../clock';
import { issueFields, textsIn } from '../content/schema';
import { publishedContent } from '../content/store';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { jsonOnly, limitBody, parseJson } from '../middleware/validation';
import {
  addMaterial,
  deleteMaterial,
  linkBody,
  listMaterials,
  listSources,
  MAX_MATERIAL_BYTES,
  SUBJECT,
  setSource,
  sourceBody,
  storeMaterialFile,
  subjectRole,
} from '../online/store';

/** A JSON body valid against `schema`, else 422 `invalid_fields` with each failing field's path. */
async function validBody<S extends z.ZodType>(body: unknown, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(422, 'invalid_fields', { fields: issueFields(parsed.error as z.ZodError) });
  return parsed.data;
}

const materialSubject = (subject: string) => {
  if (!/^(?:session|workshop):/.test(subject) || !SUBJECT.test(subject)) throw new ApiError(404, 'unknown_subject');
  return subject;
};

/** A material file's title: `?title=` (the body is the file itself). */
const fileTitle = z.object({
  title: z.string().trim().min(1, { message: 'required' }).max(160, { message: 'too_long' }),
});

/**
 * Online access for organisers (`/api/admin/online`, behind the console's token): each track's
 * stream, each session's recording, each workshop's stream and recording, the app's and the Q&A's
 * links, and the materials of sessions and workshops (links, files in R2). Changes apply to the next
 * request of every holder's join link; nothing is deployed and no e-mail is sent.
 */
export const online = new Hono<AppEnv>()
  .get('/', allow('content'), async (c) => {
    const [content, sources, materials] = await Promise.all([
      publishedContent(c.env.CONTENT_DB),
      listSources(c.env.CONTENT_DB),
      listMaterials(c.env.CONTENT_DB),
    ]);
    return c.json({
      tracks: TRACK_IDS,
      sessions: [...content.sessions]
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((s) => ({ id: s.id, title: textsIn(s.texts, 'pl').title, track: s.track, start: s.start, end: s.end })),
      workshops: content.workshops.map((w) => ({ id: w.id, title: textsIn(w.texts, 'pl').title })),
      extras: ['networking', 'expertQa'],
      sources,
      materials,
    });
  })
  .put('/sources/:subject/:role', allow('content'), jsonOnly, limitBody(4 * 1024), parseJson, async (c) => {
    const { subject, role } = c.req.param();
    if (!subjectRole(subject, role)) throw new ApiError(404, 'unknown_subject');
    const { source } = await validBody(await c.req.json(), sourceBody);
    await setSource(c.env.CONTENT_DB, {
      subject,
      role: role as 'live' | 'recording',
      source,
      actor: organiserName(c),
      now: now(c),
    });
    return c.json({ subject, role, source });
  })
  .post('/materials/:subject/links', allow('content'), jsonOnly, limitBody(4 * 1024), parseJson, async (c) => {
    const subject = materialSubject(c.req.param('subject'));
    const { title, url } = await validBody(await c.req.json(), linkBody);
    const material = await addMaterial(c.env.CONTENT_DB, {
      subject,
      kind: 'link',
      title,
      value: url,
      type: null,
      bytes: null,
      actor: organiserName(c),
      now: now(c),
    });
    return c.json(material, 201);
  })
  .post('/materials/:subject/files', allow('content'), limitBody(MAX_MATERIAL_BYTES + 1024), async (c) => {
    const subject = materialSubject(c.req.param('subject'));
    const title = fileTitle.safeParse({ title: c.req.query('title') ?? '' });
    if (!title.success) throw new ApiError(422, 'invalid_fields', { fields: issueFields(title.error) });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw new ApiError(422, 'invalid_fields', { fields: { '(body)': 'required' } });
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const file = await storeMaterialFile(c.env.CONTENT_IMAGES, bytes, type);
    const material = await addMaterial(c.env.CONTENT_DB, {
      subject,
      kind: 'file',
      title: title.data.title,
      value: file.key,
      type: file.type,
      bytes: file.bytes,
      actor: organiserName(c),
      now: now(c),
    });
    return c.json(material, 201);
  })
  .delete('/materials/:id{[0-9]{1,9}}', allow('content'), async (c) => {
    if (!(await deleteMaterial(c.env.CONTENT_DB, Number(c.req.param('id'))))) throw new ApiError(404, 'not_found');
    return c.body(null, 204);
  });
