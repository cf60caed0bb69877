import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { LANGUAGES, type LanguageCode } from '../site/languages';

type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * A small page the worker renders itself behind a secret link (a partner's allotment, the waiting
 * list's sign-up and offers): no script, kept out of search, its own stylesheet, a switch to the
 * other languages (`languageHref` the same page in one of them), its title and its content.
 */
export function smallPage(page: {
  lang: LanguageCode;
  title: string;
  stylesheet: string;
  /** The language switch's accessible name, in the page's language. */
  languages: string;
  languageHref: (prefix: string) => string;
  content: Markup;
}): Markup {
  const { lang, title } = page;
  return html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${title}</title>
<link rel="stylesheet" href="${page.stylesheet}"></head>
<body><main>
<nav aria-label="${page.languages}"><ul>${LANGUAGES.map(
    (l) =>
      html`<li><a href="${page.languageHref(l.prefix)}" lang="${l.code}" hreflang="${l.code}"${
        l.code === lang ? html` aria-current="page"` : ''
      }>${l.label}</a></li>`,
  )}</ul></nav>
<h1>${title}</h1>
${page.content}
</main></body></html>`;
}
