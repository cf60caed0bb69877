import { html } from 'hono/html';
import { type LanguageCode, language } from '../../site/languages';
import { linkPieces, type NewsText, newsParagraphs } from '../../site/news';
import { catalogue } from '../catalogues';
import { fill } from '../texts';
import { type EmailMessage, EVENT_NAME, footerLines } from './confirmation';
import { EMAIL_COLOURS, emailLayout } from './layout';

/**
 * News to a ticket holder (site/news.ts) in the branded layout: the organisers' text as
 * paragraphs, escaped, with bare http(s) addresses made links, then why the holder gets it. A test
 * to the organisers says on top which holders would see it so.
 */
export function newsEmail(input: {
  text: NewsText;
  lang: LanguageCode;
  to: string;
  from: string;
  /** The language whose holders a test stands for; absent in a real send. */
  testOf?: LanguageCode;
  /** The holder's own ticket page (absolute), linked under the text; absent in a test or preview. */
  ticketPage?: string;
}): EmailMessage {
  const { text, lang } = input;
  const t = catalogue('email', lang).news;
  const { questions, organiser } = footerLines(lang);
  const reason = fill(t.reason, { event: EVENT_NAME });
  const banner = input.testOf ? fill(t.test, { language: language(input.testOf).label }) : null;
  const paragraphs = newsParagraphs(text.body);
  const content = [
    banner
      ? html`<p style="margin:0 0 16px;padding:12px 16px;border-radius:12px;background:${EMAIL_COLOURS.accentSoft};font-weight:600">${banner}</p>`
      : html``,
    html`<h1 style="font-size:24px;line-height:1.25;margin:0 0 16px">${text.subject}</h1>`,
    ...paragraphs.map(
      (lines) =>
        html`<p style="margin:0 0 16px">${lines.map(
          (line, i) =>
            html`${i > 0 ? html`<br>` : ''}${linkPieces(line).map((piece) =>
              piece.url
                ? html`<a href="${piece.url}" style="color:${EMAIL_COLOURS.accent}">${piece.text}</a>`
                : piece.text,
            )}`,
        )}</p>`,
    ),
    input.ticketPage
      ? html`<p style="margin:0 0 16px">${t.page} <a href="${input.ticketPage}" style="color:${EMAIL_COLOURS.accent}">${t.pageLink}</a></p>`
      : html``,
  ];
  const body = emailLayout({
    lang,
    title: text.subject,
    preheader: paragraphs[0]?.join(' ').slice(0, 140) ?? '',
    content,
    footer: [reason, questions, organiser],
  });
  const plain = [
    ...(banner ? [banner] : []),
    text.subject,
    ...paragraphs.map((lines) => lines.join('\n')),
    ...(input.ticketPage ? [`${t.page} ${t.pageLink}: ${input.ticketPage}`] : []),
    '--',
    reason,
    questions,
    organiser,
    '',
  ].join('\n\n');
  return { from: input.from, to: input.to, subject: text.subject, html: body, text: plain, attachments: [] };
}
