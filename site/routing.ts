import {
  DEFAULT_LANGUAGE,
  findLanguage,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  matchAcceptLanguage,
} from './languages';
import { findPageBySlug, href, type Page } from './pages';

/** What a path means: a page, a redirect to a same-origin path, or a miss in a language. */
export type Resolution =
  | { kind: 'page'; lang: LanguageCode; page: Page }
  | { kind: 'redirect'; location: string; permanent: boolean }
  | { kind: 'notFound'; lang: LanguageCode };

/**
 * Resolves a URL path (as `URL.pathname` gives it) against the page table. Redirect targets
 * are always built from the page table or from a language prefix followed by the request's
 * own non-empty segments, so a Location never starts with two slashes and never leaves the site.
 * `preferred` is the language for paths that carry none.
 */
export function resolvePath(pathname: string, search: string, preferred: LanguageCode): Resolution {
  const segments = pathname.split('/').filter((s) => s !== '');
  const query = search && search !== '?' ? search : '';
  const lang = findLanguage(segments[0]);
  if (!lang) {
    const target = assetSegments(pathname);
    // A language spelled otherwise (`/pl.html/`, `/%70l/program`) is that language, not a page name.
    if (target[0] !== undefined && findLanguage(decodeSegment(target[0]))) {
      const inner = resolvePath(`/${target.join('/')}`, search, preferred);
      if (inner.kind !== 'page') return inner;
      return { kind: 'redirect', location: href(inner.lang, inner.page.id) + query, permanent: true };
    }
    const match = findPageBySlug(target.map(decodeSegment).join('/'));
    const location = match
      ? href(preferred, match.page.id)
      : `/${findLanguage(preferred)?.prefix ?? preferred}${target.map((s) => `/${s}`).join('')}`;
    return { kind: 'redirect', location: location + query, permanent: false };
  }
  // `/pl/program/index/` and the like: the assets layer would redirect twice (to `.../index`, then
  // to the page), so wrangler.toml sends them here (run_worker_first) to be redirected once.
  const match = findPageBySlug(withoutIndexEnding(segments.slice(1)).join('/'));
  if (!match) return { kind: 'notFound', lang: lang.code };
  const canonical = href(lang.code, match.page.id);
  if (match.alias) return { kind: 'redirect', location: canonical + query, permanent: false };
  if (canonical !== pathname) {
    return { kind: 'redirect', location: canonical + query, permanent: true };
  }
  return { kind: 'page', lang: lang.code, page: match.page };
}

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The segments of a path without a language, spelled so that the prefixed path is final: the
 * static assets layer decodes a path and redirects once more for an encoded slash, an empty or
 * dot segment, an `index`/`index.html` ending or an `.html` suffix, so those are resolved here and
 * the language redirect stays the only one. Each segment is re-encoded, so a Location never holds
 * a raw backslash, control character or slash the browser could read as another host.
 */
function assetSegments(pathname: string): string[] {
  const segments = pathname
    .split('/')
    .flatMap((segment) => decodeSegment(segment).split('/'))
    .filter(meaningful);
  return withoutIndexEnding(segments).map((segment) => encodeURIComponent(segment));
}

const meaningful = (segment: string) => segment !== '' && segment !== '.' && segment !== '..';

/** Meaningful segments without an `index`/`index.html` ending or an `.html` suffix, as the assets layer reads them. */
function withoutIndexEnding(path: readonly string[]): string[] {
  const segments = path.filter(meaningful);
  // Until nothing changes: `/x/index.html.html` and `/...html` need more than one step.
  for (;;) {
    const last = segments.at(-1);
    if (last === undefined) break;
    const trimmed = last === 'index' || last === 'index.html' ? '' : last.replace(/\.html$/, '');
    if (trimmed === last) break;
    if (meaningful(trimmed)) segments[segments.length - 1] = trimmed;
    else segments.pop();
  }
  return segments;
}

/** Reads the stored language from a Cookie header. */
export function languageFromCookie(cookieHeader: string | null | undefined): LanguageCode | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANGUAGE_STORAGE_KEY) return findLanguage(value.join('='))?.code;
  }
  return undefined;
}

/** Language for a visitor without a prefix in the URL: cookie, then Accept-Language, then pl. */
export function preferredLanguage(cookie: string | null, acceptLanguage: string | null): LanguageCode {
  return languageFromCookie(cookie) ?? matchAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
