import infoDe from '../../locales/de/info.json';
import infoEnGB from '../../locales/en-GB/info.json';
import infoEnUS from '../../locales/en-US/info.json';
import infoEs from '../../locales/es/info.json';
import infoPl from '../../locales/pl/info.json';
import { brandName, SITE_ORIGIN } from '../../site/event';
import { interpolate, siteFacts } from '../../site/facts';
import { LANGUAGE_CODES, type LanguageCode, language } from '../../site/languages';
import { href } from '../../site/pages';
import { PRESS_DOWNLOADS } from '../../site/press';
import type { Bindings } from '../env';
import { COLOURS, CONTENT_WIDTH, PAGE, Sheet } from '../invoices/pdf-kit';
import { textsIn } from './schema';
import { type PublishedContent, publishedContent } from './store';

/**
 * The press kit's speaker bios (one PDF per language) from what is published: drawn with pdf-lib
 * in the worker (the invoices' typeface and layout, worker/invoices/pdf-kit.ts) once per change,
 * stored in KV beside the pages and served from there, so a publication reaches the press kit
 * without a build, and a download costs one KV read.
 */

const TEXTS: Record<LanguageCode, typeof infoPl.pressBios> = {
  pl: infoPl.pressBios,
  'en-GB': infoEnGB.pressBios,
  'en-US': infoEnUS.pressBios,
  de: infoDe.pressBios,
  es: infoEs.pressBios,
};

const BIOS = PRESS_DOWNLOADS.find((d) => d.id === 'speakerBios');

/** The bios' URL path in a language: `/press/kongres-ai-2027-prelegenci-pl.pdf`. */
export const pressBiosPath = (lang: LanguageCode) => BIOS?.path(lang) ?? '';

/** The language whose bios live at `path`, if any. */
export const pressBiosLanguage = (path: string) => LANGUAGE_CODES.find((lang) => pressBiosPath(lang) === path);

const kvKey = (lang: LanguageCode) => `feed:press-bios:${language(lang).prefix}`;

const M = PAGE.margin;
const PORTRAIT = 56;

/** A photo pdf-lib can embed (PNG, JPEG) from R2, or null: drawings (SVG) and WebP get initials. */
async function portrait(env: Bindings, image: string | null) {
  if (!image || !/\.(?:png|jpg)$/.test(image)) return null;
  const object = await env.CONTENT_IMAGES.get(image);
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), png: image.endsWith('.png') };
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .slice(0, 2)
    .join('')
    .toUpperCase();

/** The bios PDF of a language from the given (published) content. */
export async function pressBiosPdf(
  env: Bindings,
  content: PublishedContent,
  lang: LanguageCode,
  createdAt: Date,
): Promise<Uint8Array> {
  const t = TEXTS[lang];
  const facts = { ...siteFacts(lang), url: SITE_ORIGIN + href(lang, 'speakers') };
  const title = interpolate(t.title, facts);
  const sheet = await Sheet.create({ title, author: brandName(), subject: t.kind, createdAt }, { subset: false });
  sheet.doc.setLanguage(lang);
  const speakers = [...content.speakers].sort((a, b) => a.name.localeCompare(b.name, 'pl'));

  sheet.text(brandName(), M, sheet.y - 12, { size: 12, bold: true, color: COLOURS.accent });
  sheet.text(t.kind.toUpperCase(), M, sheet.y - 12, {
    size: 8,
    bold: true,
    color: COLOURS.muted,
    align: 'right',
    width: CONTENT_WIDTH,
  });
  sheet.y -= 40;
  sheet.paragraph(title, M, CONTENT_WIDTH, { size: 20, bold: true, leading: 26 });
  sheet.y -= 6;
  sheet.paragraph(interpolate(speakers.length ? t.intro : t.empty, facts), M, CONTENT_WIDTH, {
    size: 10,
    color: COLOURS.muted,
  });
  if (speakers.some((s) => s.example)) {
    sheet.y -= 6;
    sheet.paragraph(t.examples, M, CONTENT_WIDTH, { size: 10, bold: true, color: COLOURS.warning });
  }
  sheet.y -= 10;

  const textX = M + PORTRAIT + 16;
  const textWidth = CONTENT_WIDTH - PORTRAIT - 16;
  for (const speaker of speakers) {
    const texts = textsIn(speaker.texts, lang);
    sheet.ensure(PORTRAIT + 24);
    sheet.rule(M, sheet.y, CONTENT_WIDTH);
    sheet.y -= 14;
    const top = sheet.y;
    const photo = await portrait(env, speaker.image);
    if (photo) {
      const image = photo.png ? await sheet.doc.embedPng(photo.bytes) : await sheet.doc.embedJpg(photo.bytes);
      sheet.page.drawImage(image, { x: M, y: top - PORTRAIT, width: PORTRAIT, height: PORTRAIT });
    } else {
      const r = PORTRAIT / 2;
      sheet.page.drawCircle({ x: M + r, y: top - r, size: r, color: COLOURS.accentSoft });
      sheet.text(initials(speaker.name), M, top - r - 6, {
        size: 16,
        bold: true,
        color: COLOURS.accent,
        align: 'center',
        width: PORTRAIT,
      });
    }
    const page = sheet.page;
    sheet.paragraph(speaker.name, textX, textWidth, { size: 13, bold: true, leading: 17 });
    sheet.paragraph(texts.role, textX, textWidth, { size: 10, bold: true, color: COLOURS.muted });
    sheet.y -= 3;
    sheet.paragraph(texts.bio, textX, textWidth, { size: 10, leading: 14 });
    if (texts.topics.length) {
      sheet.y -= 3;
      sheet.paragraph(`${t.topics}: ${texts.topics.join(', ')}`, textX, textWidth, { size: 9, color: COLOURS.muted });
    }
    // Leave room below the portrait when the texts were shorter than it.
    if (sheet.page === page) sheet.y = Math.min(sheet.y, top - PORTRAIT);
    sheet.y -= 12;
  }

  const count = sheet.pages.length;
  const contact = `${t.contact}: ${facts.pressEmail}, ${facts.phone} · ${facts.url}`;
  sheet.pages.forEach((page, i) => {
    sheet.page = page;
    sheet.rule(M, 44, CONTENT_WIDTH);
    const pageText = interpolate(t.page, { page: String(i + 1), pages: String(count) });
    const pageWidth = sheet.width(pageText, { size: 7 });
    const left = sheet.wrap(contact, CONTENT_WIDTH - pageWidth - 16, { size: 7 })[0] ?? '';
    sheet.text(left, M, 32, { size: 7, color: COLOURS.muted });
    sheet.text(pageText, M, 32, { size: 7, color: COLOURS.muted, align: 'right', width: CONTENT_WIDTH });
  });
  return sheet.save();
}

/** Renders the bios of every language from what is published now and stores them. */
export async function renderPressBios(env: Bindings, now: number): Promise<void> {
  const content = await publishedContent(env.CONTENT_DB);
  for (const lang of LANGUAGE_CODES) {
    await env.CONTENT_PAGES.put(kvKey(lang), await pressBiosPdf(env, content, lang, new Date(now)));
  }
}

/** The stored bios of a language, or null before any publication rendered them. */
export async function storedPressBios(env: Bindings, lang: LanguageCode): Promise<Uint8Array | null> {
  const stored = await env.CONTENT_PAGES.get(kvKey(lang), 'arrayBuffer');
  return stored ? new Uint8Array(stored) : null;
}

/** Renders the bios of one language from what is published now, stores and returns them. */
export async function renderPressBiosOf(env: Bindings, lang: LanguageCode, now: number): Promise<Uint8Array> {
  const pdf = await pressBiosPdf(env, await publishedContent(env.CONTENT_DB), lang, new Date(now));
  await env.CONTENT_PAGES.put(kvKey(lang), pdf);
  return pdf;
}
