import { renderToString } from 'react-dom/server';
import { BRAND, FIGURES, SITE_ORIGIN } from '../site/event';
import { siteFacts } from '../site/facts';
import { formatNumber } from '../site/format';
import { type LanguageCode, language } from '../site/languages';
import { href, PAGES, type PageId } from '../site/pages';
import { SITEMAP_PATH } from '../site/sitemap';
import { App, prepareView } from './app';
import { ErrorBoundary } from './components/error-boundary';
import { headFor, headHtml } from './lib/head';
import { createI18n, loadNamespaces } from './lib/i18n';

/** Renders one page (or the 404 page, `page` null) of one language to body and head HTML. */
export async function render(lang: LanguageCode, page: PageId | null) {
  const i18n = createI18n(lang);
  const view = { lang, page };
  await prepareView(i18n, view);
  const html = renderToString(
    <ErrorBoundary i18n={i18n}>
      <App i18n={i18n} view={view} />
    </ErrorBoundary>,
  );
  return { html, head: headHtml(headFor(lang, page, i18n.getFixedT(lang))) };
}

export { LANGUAGES as languages, manifestPath } from '../site/languages';
export { AGENDA_SCRIPT_PLACEHOLDER as agendaScriptPlaceholder, notFoundAssetPath as notFoundPath } from '../site/pages';
export { BRAND_FONT_SCRIPT as brandFontScript } from '../site/privacy';
export { headersFile, securityHeaders } from '../site/security';

/** Every page with its canonical path builder and where its first frame may come, for the build's prerendering (scripts/prerender.ts). */
export const pages = PAGES.map((p) => ({
  id: p.id,
  path: (lang: LanguageCode) => href(lang, p.id),
  firstFrameAt: 'firstFrameAt' in p ? p.firstFrameAt : undefined,
}));

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch,
  );

/** The 1200x630 preview image of a language as SVG (the build turns it into PNG). */
export async function ogImageSvg(lang: LanguageCode): Promise<string> {
  const i18n = createI18n(lang);
  await loadNamespaces(i18n, lang, ['common', 'home']);
  const t = i18n.getFixedT(lang, 'home');
  const values = siteFacts(lang);
  const title = [t('hero.titleBefore'), t('hero.titleHighlight'), t('hero.titleAfter')];
  const figures = [
    `${formatNumber(lang, FIGURES.liveParticipants)}+ ${t('hero.stats.liveParticipants')}`,
    `${formatNumber(lang, FIGURES.onlineParticipants)}+ ${t('hero.stats.onlineParticipants')}`,
  ].join(' · ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" xml:space="preserve">
  <defs>
    <radialGradient id="glow" cx="0.8" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#5b3df5" stop-opacity="0.7"/>
      <stop offset="1" stop-color="#0b1020" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="ai" x1="0" x2="1"><stop offset="0" stop-color="#a493ff"/><stop offset="1" stop-color="#6fe3ff"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="#0b1020"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <text x="80" y="110" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#e9ecf8">${escapeXml(BRAND.name)}<tspan fill="#a493ff"> ${escapeXml(BRAND.highlight)}</tspan><tspan font-size="22" fill="#b5bdd6" letter-spacing="4"> ${escapeXml(BRAND.suffix.toUpperCase())}</tspan></text>
  <text x="80" y="290" font-family="DejaVu Sans, Arial, sans-serif" font-size="68" font-weight="800" fill="#ffffff">${escapeXml(title[0] ?? '')}</text>
  <text x="80" y="375" font-family="DejaVu Sans, Arial, sans-serif" font-size="68" font-weight="800" fill="#ffffff"><tspan fill="url(#ai)">${escapeXml(title[1] ?? '')}</tspan> ${escapeXml(title[2] ?? '')}</text>
  <text x="80" y="480" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#e9ecf8">${escapeXml(t('hero.dateLabel', values))}</text>
  <text x="80" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#b5bdd6">${escapeXml(figures)}</text>
</svg>`;
}

/**
 * The web app manifest of a language (`manifest-<prefix>.webmanifest`): names and description
 * from the catalogue, facts from site/, starting at the language's home page.
 */
export async function manifestJson(lang: LanguageCode): Promise<string> {
  const i18n = createI18n(lang);
  await loadNamespaces(i18n, lang, ['common']);
  const t = i18n.getFixedT(lang);
  const manifest = {
    name: t('brand.full'),
    short_name: t('manifest.shortName'),
    description: t('manifest.description'),
    lang: language(lang).code,
    dir: 'ltr',
    start_url: href(lang, 'home'),
    scope: '/',
    display: 'browser',
    background_color: '#0b1020',
    theme_color: '#0b1020',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** robots.txt: everything but the API and the checkout, and where the sitemap is. */
export const robotsTxt = () =>
  `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /checkout/\n\nSitemap: ${SITE_ORIGIN}${SITEMAP_PATH}\n`;

export { orderPageSamples, ticketPageSamples } from './first-screen-samples';
