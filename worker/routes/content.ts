import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { now } from '../clock';
import { MAX_IMAGE_BYTES, readImage, storeImage } from '../content/images';
import { publishedChanged } from '../content/pages';
import {
  CONTENT_ID,
  CONTENT_KINDS,
  CONTENT_SCHEMAS,
  type ContentKind,
  issueFields,
  publishBody,
} from '../content/schema';
import { prepareStore } from '../content/seed';
import {
  cancelSchedule,
  deleteRecord,
  getRecord,
  history,
  listRecords,
  pendingSchedule,
  publishNow,
  recordImage,
  renderReport,
  saveDraft,
  schedulePublish,
  unpublish,
} from '../content/store';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { organiserName } from '../middleware/organisers';
import { allow } from '../middleware/roles';
import { jsonOnly, limitBody, parseJson, validQuery } from '../middleware/validation';

/** The largest record a PUT may send: five languages of a long bio fit many times over. */
const MAX_RECORD_BYTES = 64 * 1024;

/** A JSON body valid against `schema`, else 422 `invalid_fields` with each failing field's path. */
const validBody = <Schema extends z.ZodObject>(schema: Schema, maxBytes: number) =>
  [
    jsonOnly,
    limitBody(maxBytes),
    parseJson,
    zValidator('json', schema, (result) => {
      if (!result.success)
        throw new ApiError(422, 'invalid_fields', { fields: issueFields(result.error as unknown as z.ZodError) });
    }),
  ] as const;

/** The kind of `:kind`, or 404. */
function kindOf(value: string): ContentKind {
  if (!(CONTENT_KINDS as readonly string[]).includes(value)) throw new ApiError(404, 'unknown_kind');
  return value as ContentKind;
}

/** The id of `:id`, or 404 (such a record cannot exist). */
function idOf(value: string): string {
  if (!CONTENT_ID.test(value)) throw new ApiError(404, 'not_found');
  return value;
}

/** The version a write names: `If-Match: "3"` (as the ETag of a GET), else the body's `version`. */
function expectedVersion(c: Context<AppEnv>, body?: { version?: number }): number | undefined {
  const header = c.req.header('If-Match');
  if (header !== undefined) {
    const match = header.trim().match(/^(?:W\/)?"?(\d{1,9})"?$/);
    if (!match) throw new ApiError(422, 'invalid_fields', { fields: { 'If-Match': 'version_expected' } });
    return Number(match[1]);
  }
  return body?.version;
}

/** The store seeded (locally) and its due publications made before anything reads it. */
const storeReady = createMiddleware<AppEnv>(async (c, next) => {
  const at = now(c);
  if (await prepareStore(c.env.CONTENT_DB, at, c.env.ENVIRONMENT))
    c.executionCtx.waitUntil(publishedChanged(c.env, at));
  await next();
});

/** `?version=3`: the version a delete names, as a GET's ETag gave it. */
const versionQuery = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional(),
});

const recordBody = z.looseObject({ version: z.number().int().min(0).optional(), example: z.boolean().optional() });

/**
 * The content organisers publish (`/api/admin/content`, behind the console's token): records of
 * speakers, sessions, workshops, exhibitors and partners saved as drafts with a version check,
 * publications now or at an instant, unpublishing, the history, image uploads, and the report of
 * the pages' last render (`/render`: the records it could not draw).
 */
export const content = new Hono<AppEnv>()
  .use('*', storeReady)
  .post('/publish', allow('content'), ...validBody(publishBody, 1024), async (c) => {
    const { at } = c.req.valid('json');
    const moment = now(c);
    const who = organiserName(c);
    if (at && Date.parse(at) > moment) {
      const scheduled = await schedulePublish(c.env.CONTENT_DB, { at: Date.parse(at), actor: who, now: moment });
      return c.json({ scheduled }, 202);
    }
    const result = await publishNow(c.env.CONTENT_DB, { actor: who, now: moment });
    c.executionCtx.waitUntil(publishedChanged(c.env, moment));
    return c.json(result);
  })
  .get('/schedule', allow('content'), async (c) => c.json({ scheduled: await pendingSchedule(c.env.CONTENT_DB) }))
  // How the pages' last render went: the records it had to leave out, for the console to name.
  .get('/render', allow('content'), async (c) => c.json({ render: await renderReport(c.env.CONTENT_DB) }))
  .delete('/schedule/:sid{[0-9]{1,9}}', allow('content'), async (c) => {
    const cancelled = await cancelSchedule(c.env.CONTENT_DB, {
      id: Number(c.req.param('sid')),
      actor: organiserName(c),
      now: now(c),
    });
    if (!cancelled) throw new ApiError(404, 'not_found');
    return c.body(null, 204);
  })
  .get('/history', allow('content'), validQuery(z.object({ kind: z.enum(CONTENT_KINDS).optional() })), async (c) => {
    const { kind } = c.req.valid('query');
    return c.json({ history: await history(c.env.CONTENT_DB, { kind }) });
  })
  .post('/images', allow('content'), limitBody(MAX_IMAGE_BYTES + 1024), async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw new ApiError(422, 'invalid_fields', { fields: { '(body)': 'required' } });
    const image = await storeImage(c.env.CONTENT_IMAGES, bytes);
    await recordImage(c.env.CONTENT_DB, image, organiserName(c), now(c));
    return c.json({ ...image, url: `/content-images/${image.key}` }, 201);
  })
  .get('/:kind', allow('content'), async (c) => {
    const kind = kindOf(c.req.param('kind'));
    return c.json({ kind, records: await listRecords(c.env.CONTENT_DB, kind) });
  })
  .get('/:kind/:id', allow('content'), async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const record = await getRecord(c.env.CONTENT_DB, kind, idOf(c.req.param('id')));
    if (!record) throw new ApiError(404, 'not_found');
    c.header('ETag', `"${record.version}"`);
    return c.json({ ...record, history: await history(c.env.CONTENT_DB, { kind, id: record.id, limit: 50 }) });
  })
  .put('/:kind/:id', allow('content'), ...validBody(recordBody, MAX_RECORD_BYTES), async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const id = idOf(c.req.param('id'));
    const { version, example, ...rest } = c.req.valid('json');
    const parsed = CONTENT_SCHEMAS[kind].safeParse(rest);
    if (!parsed.success) throw new ApiError(422, 'invalid_fields', { fields: issueFields(parsed.error) });
    const record = await saveDraft(c.env.CONTENT_DB, {
      kind,
      id,
      fields: parsed.data,
      version: expectedVersion(c, { version }),
      example,
      actor: organiserName(c),
      now: now(c),
    });
    c.header('ETag', `"${record.version}"`);
    return c.json(record, record.version === 1 ? 201 : 200);
  })
  .delete('/:kind/:id', allow('content'), validQuery(versionQuery), async (c) => {
    const { version } = c.req.valid('query');
    await deleteRecord(c.env.CONTENT_DB, {
      kind: kindOf(c.req.param('kind')),
      id: idOf(c.req.param('id')),
      version: expectedVersion(c, { version }),
      actor: organiserName(c),
      now: now(c),
    });
    c.executionCtx.waitUntil(publishedChanged(c.env, now(c)));
    return c.body(null, 204);
  })
  .post('/:kind/:id/unpublish', allow('content'), async (c) => {
    const record = await unpublish(c.env.CONTENT_DB, {
      kind: kindOf(c.req.param('kind')),
      id: idOf(c.req.param('id')),
      actor: organiserName(c),
      now: now(c),
    });
    c.executionCtx.waitUntil(publishedChanged(c.env, now(c)));
    return c.json(record);
  });

/**
 * Uploaded photos and logos, public: named by their content, so cached for a year. Anything not
 * an uploaded image's name is a 404 without a look into the bucket.
 */
export const contentImages = new Hono<AppEnv>().get('/:key{img-[0-9a-f]{32}\\.(?:png|jpg|webp)}', async (c) => {
  const object = await readImage(c.env.CONTENT_IMAGES, c.req.param('key'));
  if (!object) throw new ApiError(404, 'not_found');
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(object.body, { headers });
});
