import { Hono } from 'hono';
import { z } from 'zod';
import { findLanguage, type LanguageCode } from '../../site/languages';
import { now } from '../clock';
import { scheduleJson, scheduleXml } from '../content/schedule-export';
import { prepareStore } from '../content/seed';
import { publishedContent, publishedRevision } from '../content/store';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { validQuery } from '../middleware/validation';

/** `?lang=en-gb` (a language code or URL prefix) picks the language; Polish by default. */
function languageOf(value: string | undefined): LanguageCode {
  if (value === undefined) return 'pl';
  const lang = findLanguage(value);
  if (!lang) throw new ApiError(404, 'unknown_language');
  return lang.code;
}

/** `?lang=`, once. */
const langQuery = z.object({ lang: z.string().max(20).optional() });

/** The published content and its revision (the seed brought in first, as every page's). */
async function published(env: Bindings, at: number) {
  await prepareStore(env.CONTENT_DB, at, env.ENVIRONMENT);
  const [content, revision] = await Promise.all([publishedContent(env.CONTENT_DB), publishedRevision(env.CONTENT_DB)]);
  return { content, revision };
}

/** Apps poll these files; a minute matches how soon a publication shows on the pages. */
const CACHE = 'public, max-age=60';

/**
 * The published programme for conference apps, at `/schedule.json` and `/schedule.xml` (the
 * c3voc schedule format, worker/content/schedule-export.ts), linked from the programme page.
 */
export const schedule = new Hono<AppEnv>()
  .get('/schedule.json', validQuery(langQuery), async (c) => {
    const lang = languageOf(c.req.valid('query').lang);
    const { content, revision } = await published(c.env, now(c));
    c.header('Cache-Control', CACHE);
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(await scheduleJson(content, lang, `rev ${revision}`));
  })
  .get('/schedule.xml', validQuery(langQuery), async (c) => {
    const lang = languageOf(c.req.valid('query').lang);
    const { content, revision } = await published(c.env, now(c));
    return c.body(await scheduleXml(content, lang, `rev ${revision}`), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CACHE,
      'Access-Control-Allow-Origin': '*',
    });
  });
