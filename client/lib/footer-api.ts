import type { LanguageCode } from '../../site/languages';

export type FooterParts = { top: string; middle: string; bottom: string };

/**
 * Base URL of the footer service, set at build time with VITE_FOOTER_BASE_URL
 * (the spec's separate footer host); empty means the site's own origin. A trailing slash is
 * dropped so that `https://footer.example/` does not turn into a `//api/footer` path.
 */
export const FOOTER_BASE_URL: string = (import.meta.env.VITE_FOOTER_BASE_URL ?? '').replace(/\/+$/, '');

/** Fetches the footer parts; rejects on a network error, a non-2xx answer or a malformed body. */
export async function fetchFooter(lang: LanguageCode, signal: AbortSignal): Promise<FooterParts> {
  const response = await fetch(`${FOOTER_BASE_URL}/api/footer?lang=${encodeURIComponent(lang)}`, { signal });
  if (!response.ok) throw new Error(`footer: HTTP ${response.status}`);
  const body: unknown = await response.json();
  const parts = body as Partial<FooterParts>;
  if (typeof parts.top !== 'string' || typeof parts.middle !== 'string' || typeof parts.bottom !== 'string') {
    throw new Error('footer: malformed answer');
  }
  return { top: parts.top, middle: parts.middle, bottom: parts.bottom };
}

/** Replaces the `{year}` placeholder of the footer's top part. */
export const fillYear = (text: string, years: string) => text.replaceAll('{year}', years);
