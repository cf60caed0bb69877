import { LANGUAGE_CODES, type LanguageCode, language } from '../../site/languages';
import { PRESS_DOWNLOADS } from '../../site/press';
import type { Bindings } from '../env';
import { type Photo, pressBiosPdf } from './press-bios-pdf';
import { publishedContent } from './store';

/**
 * The press kit's speaker bios (one PDF per language, worker/content/press-bios-pdf.ts) from what
 * is published, drawn once per change, stored in KV beside the pages and served from there, so a
 * publication reaches the press kit without a build, and a download costs one KV read.
 */

const BIOS = PRESS_DOWNLOADS.find((d) => d.id === 'speakerBios');

/** The bios' URL path in a language: `/press/kongres-ai-2027-prelegenci-pl.pdf`. */
export const pressBiosPath = (lang: LanguageCode) => BIOS?.path(lang) ?? '';

/** The language whose bios live at `path`, if any. */
export const pressBiosLanguage = (path: string) => LANGUAGE_CODES.find((lang) => pressBiosPath(lang) === path);

const kvKey = (lang: LanguageCode) => `feed:press-bios:${language(lang).prefix}`;

/** A photo pdf-lib can embed (PNG, JPEG) from R2, or null: drawings (SVG) and WebP get initials. */
async function portrait(env: Bindings, image: string | null): Promise<Photo | null> {
  if (!image || !/\.(?:png|jpg)$/.test(image)) return null;
  const object = await env.CONTENT_IMAGES.get(image);
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), png: image.endsWith('.png') };
}

/** The bios of a language from what is published now. */
async function draw(env: Bindings, lang: LanguageCode, now: number): Promise<Uint8Array> {
  const { speakers } = await publishedContent(env.CONTENT_DB);
  return pressBiosPdf(speakers, lang, new Date(now), (image) => portrait(env, image));
}

/** Renders the bios of every language from what is published now and stores them. */
export async function renderPressBios(env: Bindings, now: number): Promise<void> {
  for (const lang of LANGUAGE_CODES) {
    await env.CONTENT_PAGES.put(kvKey(lang), await draw(env, lang, now));
  }
}

/** The stored bios of a language, or null before any publication rendered them. */
export async function storedPressBios(env: Bindings, lang: LanguageCode): Promise<Uint8Array | null> {
  const stored = await env.CONTENT_PAGES.get(kvKey(lang), 'arrayBuffer');
  return stored ? new Uint8Array(stored) : null;
}

/** Renders the bios of one language from what is published now, stores and returns them. */
export async function renderPressBiosOf(env: Bindings, lang: LanguageCode, now: number): Promise<Uint8Array> {
  const pdf = await draw(env, lang, now);
  await env.CONTENT_PAGES.put(kvKey(lang), pdf);
  return pdf;
}
