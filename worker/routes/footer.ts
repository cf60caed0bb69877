import { Hono } from 'hono';
import { z } from 'zod';
import { ORGANISER } from '../../site/event';
import { DEFAULT_LANGUAGE, findLanguage, type LanguageCode } from '../../site/languages';
import { href } from '../../site/pages';
import type { AppEnv } from '../env';
import { validQuery } from '../middleware/validation';
import { fill, texts } from '../texts';

/** The footer's three HTML parts in a language; `{year}` stays for the client to fill in. */
export function footerParts(lang: LanguageCode) {
  const parts = texts(lang).common.footerService;
  const values = {
    phone: `<a href="tel:${ORGANISER.phone.replaceAll(' ', '')}">${ORGANISER.phone}</a>`,
    email: `<a href="mailto:${ORGANISER.email}">${ORGANISER.email}</a>`,
    organiser: ORGANISER.name,
    privacy: href(lang, 'privacy'),
    terms: href(lang, 'terms'),
  };
  return { top: fill(parts.top, values), middle: fill(parts.middle, values), bottom: fill(parts.bottom, values) };
}

/** `GET /api/footer?lang=de`: `{top, middle, bottom}`, cacheable; unknown languages get Polish, two `lang`s a 422. */
export const footer = new Hono<AppEnv>().get(
  '/',
  validQuery(z.object({ lang: z.string().max(20).optional() })),
  (c) => {
    const lang = findLanguage(c.req.valid('query').lang)?.code ?? DEFAULT_LANGUAGE;
    c.header('Cache-Control', 'public, max-age=300, s-maxage=3600');
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(footerParts(lang));
  },
);
