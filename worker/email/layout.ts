import { html, raw } from 'hono/html';
import { BRAND } from '../../site/event';
import type { LanguageCode } from '../../site/languages';

/**
 * The branded frame of the site's e-mails: a dark band with the congress's name as text (the logo
 * reads in a client that blocks images), a white card for the content, a quiet footer. Inline
 * styles for the light look, since clients drop style blocks unevenly; the one style block adds
 * the dark look for clients that honour `prefers-color-scheme`, and the QR code's panel stays
 * white in both, so a scanner reads it. The content of each e-mail stays with its own module.
 */

type Markup = ReturnType<typeof html>;

/** The brand's colours, as on the site (client/styles/base.css). */
export const EMAIL_COLOURS = {
  ink: '#0b1020',
  paper: '#f7f8fc',
  surface: '#ffffff',
  muted: '#525a73',
  line: '#dfe3ee',
  accent: '#5b3df5',
  accentSoft: '#ece8ff',
  accentOnDark: '#a493ff',
} as const;

const C = EMAIL_COLOURS;
const FONT = '"Space Grotesk",system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif';

/** Inline styles shared by the e-mails' content. */
export const EMAIL_STYLES = {
  h2: `font-size:20px;line-height:1.25;margin:28px 0 8px;color:${C.ink}`,
  dt: `color:${C.muted};font-size:14px;margin-top:8px`,
  dd: 'margin:0;font-weight:600',
  code: 'font-family:ui-monospace,Menlo,Consolas,monospace;font-size:22px;letter-spacing:2px;font-weight:700',
  button: `display:inline-block;padding:12px 20px;background:${C.accent};color:#ffffff;border-radius:999px;text-decoration:none;font-weight:700`,
  small: `color:${C.muted};font-size:13px`,
  ticket: `margin:8px 0 24px;padding:24px;border:2px solid ${C.accent};border-radius:16px;background:#ffffff;color:${C.ink};text-align:center`,
  ticketLabel: `margin:0 0 4px;color:${C.muted};font-size:13px;letter-spacing:1px;text-transform:uppercase`,
  ticketHolder: `margin:0 0 16px;font-size:22px;font-weight:700;color:${C.ink}`,
} as const;

const STYLE_BLOCK = `
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){
.mail-body,.mail-outer{background:${C.ink}!important;color:#e9ecf8!important}
.mail-card{background:#141a2e!important;color:#e9ecf8!important}
.mail-card h2,.mail-card dd,.mail-card p,.mail-card li{color:#e9ecf8!important}
.mail-card dt,.mail-muted{color:#b5bdd6!important}
.mail-card a:not(.mail-button){color:${C.accentOnDark}!important}
.mail-ticket,.mail-ticket p,.mail-ticket span{background:#ffffff!important;color:${C.ink}!important}
}`;

/** The congress's name as text, "AI" in the accent: the logo, readable without images. */
export function emailLogo(): Markup {
  return html`<span style="font-family:${FONT};font-size:22px;font-weight:800;letter-spacing:-0.5px;color:#ffffff">${BRAND.name} <span style="color:${C.accentOnDark}">${BRAND.highlight}</span></span>
<span style="font-family:${FONT};font-size:11px;font-weight:700;letter-spacing:3px;text-transform:uppercase;color:#b5bdd6">&nbsp;${BRAND.suffix}</span>`;
}

/**
 * The ticket's panel, first in the e-mail: the holder's name, the QR code (an inline image) and
 * its code as text, which the door types in when there is no image.
 */
export function ticketPanel({
  label,
  holderLabel,
  holder,
  qrSrc,
  qrAlt,
  codeLabel,
  code,
}: {
  label: string;
  holderLabel: string;
  holder: string;
  qrSrc: string;
  qrAlt: string;
  codeLabel: string;
  code: string;
}): Markup {
  const S = EMAIL_STYLES;
  return html`<div class="mail-ticket" style="${S.ticket}">
<p style="${S.ticketLabel}">${label}</p>
<p style="${S.ticketLabel}">${holderLabel}</p>
<p style="${S.ticketHolder}">${holder}</p>
<img src="${qrSrc}" alt="${qrAlt}" width="240" height="240" style="display:block;margin:0 auto;width:240px;max-width:100%;height:auto;border:0">
<p style="margin:16px 0 0"><span style="${S.ticketLabel}">${codeLabel}</span><br><span style="${S.code}">${code}</span></p>
</div>`;
}

/**
 * A whole e-mail document: the brand's band, a preheader (the line a client shows after the
 * subject), the content in a card, and the footer's lines.
 */
export function emailLayout({
  lang,
  title,
  preheader,
  content,
  footer,
}: {
  lang: LanguageCode;
  title: string;
  preheader: string;
  content: Markup | Markup[];
  footer: (string | Markup)[];
}): string {
  const markup = html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${title}</title>
<style>${raw(STYLE_BLOCK)}</style>
</head>
<body class="mail-body" style="margin:0;padding:0;background:${C.paper};color:${C.ink};font-family:${FONT};font-size:16px;line-height:1.55">
<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>
<div class="mail-outer" style="background:${C.paper};padding:16px 8px">
<div style="max-width:600px;margin:0 auto">
<div style="background:${C.ink};border-radius:16px 16px 0 0;padding:20px 24px;border-bottom:4px solid ${C.accent}">${emailLogo()}</div>
<main class="mail-card" style="background:${C.surface};color:${C.ink};padding:24px;border-radius:0 0 16px 16px">
${content}
</main>
<div class="mail-muted" style="padding:16px 24px;color:${C.muted};font-size:13px">
${footer.map((line) => html`<p style="margin:0 0 8px">${line}</p>`)}
</div>
</div>
</div>
</body>
</html>
`;
  if (markup instanceof Promise) throw new Error('The e-mail layout must not contain async values');
  return markup.toString();
}
