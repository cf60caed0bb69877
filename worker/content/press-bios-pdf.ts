import { brandName, SITE_ORIGIN } from '../../site/event';
import { interpolate, siteFacts } from '../../site/facts';
import type { LanguageCode } from '../../site/languages';
import { href } from '../../site/pages';
import { catalogue } from '../catalogues';
import { COLOURS, CONTENT_WIDTH, PAGE, Sheet } from '../invoices/pdf-kit';
import { type Speaker, textsIn } from './schema';

/**
 * The press kit's speaker bios as a PDF in one language, drawn with pdf-lib (the invoices'
 * typeface and layout, worker/invoices/pdf-kit.ts). No binding here: the caller gives the
 * published speakers and a way to read a photo (worker/content/press-bios.ts).
 */

/** A photo pdf-lib can embed, as its bytes. */
export type Photo = { bytes: Uint8Array; png: boolean };

const M = PAGE.margin;
const PORTRAIT = 56;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0] ?? '')
    .slice(0, 2)
    .join('')
    .toUpperCase();

/** The bios PDF of a language from the published speakers (a drawing or WebP photo: initials). */
export async function pressBiosPdf(
  published: readonly (Speaker & { id: string; example: boolean })[],
  lang: LanguageCode,
  createdAt: Date,
  photoOf: (image: string | null) => Promise<Photo | null> = async () => null,
): Promise<Uint8Array> {
  const t = catalogue('info', lang).pressBios;
  const facts = { ...siteFacts(lang), url: SITE_ORIGIN + href(lang, 'speakers') };
  const title = interpolate(t.title, facts);
  const sheet = await Sheet.create({ title, author: brandName(), subject: t.kind, createdAt });
  sheet.doc.setLanguage(lang);
  const speakers = [...published].sort((a, b) => a.name.localeCompare(b.name, 'pl'));

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
    const photo = await photoOf(speaker.image);
    // The upload checks a photo's header, not every byte: one pdf-lib cannot read gets the initials,
    // rather than leaving the press kit without anyone's bio.
    const image = photo
      ? await (photo.png ? sheet.doc.embedPng(photo.bytes) : sheet.doc.embedJpg(photo.bytes)).catch(
          (error: unknown) => {
            console.warn(
              JSON.stringify({ event: 'press_photo_unreadable', speaker: speaker.id, message: String(error) }),
            );
            return null;
          },
        )
      : null;
    if (image) {
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
