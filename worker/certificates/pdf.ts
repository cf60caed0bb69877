import type { CertificateFacts } from '../../site/certificates';
import { brandName, EDITION_YEAR, EVENT, ORGANISER } from '../../site/event';
import { formatTime, formatWeekdayDate } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import { catalogue } from '../catalogues';
import { COLOURS, CONTENT_WIDTH, PAGE, Sheet } from '../invoices/pdf-kit';
import { fill } from '../texts';

/** The event as a certificate names it (as the confirmation e-mail does). */
export const EVENT_NAME = `${brandName()} ${EDITION_YEAR}`;

/** The event's length in whole hours (10:00–21:00 is 11), which the certificate states. */
export const EVENT_HOURS = (() => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return Math.round((minutes(EVENT.endTime) - minutes(EVENT.startTime)) / 60);
})();

/** "11 godzin", "11 hours": the catalogue's plural form for the language. */
function duration(lang: LanguageCode, t: ReturnType<typeof catalogue<'email'>>['certificate']): string {
  const form = new Intl.PluralRules(lang).select(EVENT_HOURS) as 'one' | 'few' | 'many' | 'other';
  const key = `duration_${form}` as const;
  return fill(t[key in t ? key : 'duration_other'], { count: String(EVENT_HOURS) });
}

/**
 * A certificate of attendance (worker/box-office/certificates.ts) as a one-page A4 PDF in the
 * ticket's language, with the invoices' typeface: the holder, how they took part, the event, its
 * date, hours and length, the verification number and a QR code of the public check page.
 */
export async function certificatePdf(
  facts: Pick<CertificateFacts, 'holder' | 'mode' | 'id' | 'issuedAt'>,
  lang: LanguageCode,
  checkUrl: string,
): Promise<Uint8Array> {
  const t = catalogue('email', lang).certificate;
  const sheet = await Sheet.create({
    title: `${t.title} ${facts.id}`,
    author: ORGANISER.name,
    subject: EVENT_NAME,
    createdAt: new Date(facts.issuedAt),
  });
  sheet.doc.setLanguage(lang);
  const centre = { align: 'center' as const, width: CONTENT_WIDTH };
  const x = PAGE.margin;
  sheet.rect(x, PAGE.height - PAGE.margin - 8, CONTENT_WIDTH, 8, COLOURS.accent);
  let y = PAGE.height - 170;
  sheet.text(t.title, x, y, { ...centre, size: 30, bold: true });
  y -= 70;
  sheet.text(t.confirms, x, y, { ...centre, size: 13, color: COLOURS.muted });
  y -= 44;
  const holder = facts.holder?.trim() || t.participant;
  // A long name gets smaller rather than running off the page.
  sheet.text(holder, x, y, { ...centre, size: sheet.fit(holder, CONTENT_WIDTH, { size: 26, bold: true }), bold: true });
  y -= 40;
  sheet.text(t.attended[facts.mode], x, y, { ...centre, size: 13, color: COLOURS.muted });
  y -= 40;
  sheet.text(EVENT_NAME, x, y, { ...centre, size: 20, bold: true });
  y -= 28;
  const when = fill(t.when, {
    date: formatWeekdayDate(lang, EVENT.date),
    from: formatTime(lang, EVENT.startTime),
    to: formatTime(lang, EVENT.endTime),
  });
  sheet.text(`${when} (${duration(lang, t)})`, x, y, { ...centre, size: 13 });
  const qrSize = 120;
  const qrTop = 300;
  sheet.qr(checkUrl, x + (CONTENT_WIDTH - qrSize) / 2, qrTop, qrSize);
  y = qrTop - qrSize - 24;
  sheet.text(fill(t.id, { id: facts.id }), x, y, { ...centre, size: 11, bold: true });
  y -= 18;
  sheet.text(fill(t.check, { url: checkUrl }), x, y, { ...centre, size: 9, color: COLOURS.muted });
  y -= 40;
  sheet.text(fill(t.organiser, { name: ORGANISER.name }), x, y, { ...centre, size: 9, color: COLOURS.muted });
  return sheet.save();
}
