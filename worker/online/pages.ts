import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { LanguageCode } from '../../site/languages';
import { texts } from '../texts';

/** The online texts of a language (`delivery:online`). */
export const onlineTexts = (lang: LanguageCode) => texts(lang).delivery.online;

/**
 * A small page the join link answers when it does not forward: not yet open, over, not included,
 * waiting for the organisers' feed, the recordings' list, the local demo player. Served by the
 * worker in the ticket's language, with its own stylesheet (no script).
 */
export function joinPage(
  lang: LanguageCode,
  page: {
    title: string;
    text: string;
    badge?: string;
    note?: string;
    links?: { href: string; label: string }[];
    player?: boolean;
  },
): HtmlEscapedString | Promise<HtmlEscapedString> {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${page.title} – Kongres AI</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/join.css">
</head>
<body>
<main class="join">
${page.badge ? html`<p class="join__badge">${page.badge}</p>` : ''}
<h1>${page.title}</h1>
${page.player ? html`<div class="join__player" role="img" aria-label="${page.title}"><span class="join__play" aria-hidden="true"></span><span class="join__live" aria-hidden="true">LIVE</span></div>` : ''}
<p>${page.text}</p>
${page.note ? html`<p class="join__note" role="status">${page.note}</p>` : ''}
${
  page.links?.length
    ? html`<ul class="join__links">${page.links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}</ul>`
    : ''
}
</main>
</body>
</html>`;
}
