import { env, SELF } from 'cloudflare:test';
import ICAL from 'ical.js';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import pl from '../../locales/pl/events.json';
import { SITE_ORIGIN } from '../../site/event';
import { LANGUAGES } from '../../site/languages';
import { href, NOINDEX_PAGES, PAGES } from '../../site/pages';
import { CONTENT_PAGE_IDS, publishedChanged } from '../../worker/content/pages';
import { PREVIEW_LINK_SECONDS } from '../../worker/content/preview';
import { setClock } from './box-office';
import { clearContentStore, uploadPngHeader } from './content-store';
import { ORIGIN, visit } from './platform';

const TOKEN = 'test-admin-token';
const ADMIN = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
const api = (method: string, path: string, body?: unknown) =>
  SELF.fetch(`${ORIGIN}/api/admin/content${path}`, {
    method,
    headers: ADMIN,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const PUBLISHED_AT = '2027-06-01T10:00:00Z';

async function clearStore() {
  await clearContentStore({ pages: true });
}

beforeEach(async () => {
  await clearStore();
  setClock(PUBLISHED_AT);
});
afterEach(() => {
  vi.useRealTimers();
});

const SPEAKER = {
  name: 'Zofia Przykładowa',
  texts: { pl: { role: 'Badaczka', bio: '<b>Bada</b> agentów.', topics: ['Agenci'] }, 'en-GB': { role: 'Researcher' } },
};
const SESSION = {
  track: 'technology',
  room: 'hallB',
  start: '13:00',
  end: '13:40',
  speakers: ['nowa-osoba'],
  texts: {
    pl: { title: 'Agenci na produkcji', abstract: 'Co działa, a co nie.' },
    de: { title: 'Agenten im Betrieb' },
  },
};

async function saveSpeakerAndSession() {
  expect((await api('PUT', '/speakers/nowa-osoba', SPEAKER)).status).toBe(201);
  expect((await api('PUT', '/sessions/agenci-na-produkcji', SESSION)).status).toBe(201);
}

/** Publishes the drafts and waits for what a publication renders (in the background otherwise). */
async function publish() {
  expect((await api('POST', '/publish', {})).status).toBe(200);
  await publishedChanged(env, Date.now());
}

async function icsOf(path: string) {
  const res = await SELF.fetch(ORIGIN + path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  // ical.js parses the whole document (RFC 5545); its time zone is registered so times convert.
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Warsaw');
  if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error(`no VEVENT in ${path}`);
  return { text, calendar, event: new ICAL.Event(vevent) };
}

describe('calendar files of published sessions', () => {
  it.each(LANGUAGES.map((l) => [l.prefix, l.code] as const))(
    'serves a new session in %s, falling back to Polish',
    async (prefix, code) => {
      await saveSpeakerAndSession();
      await publish();
      const { calendar, event } = await icsOf(`/api/calendar/${prefix}/agenci-na-produkcji.ics`);
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(event.summary).toBe(`${code === 'de' ? 'Agenten im Betrieb' : 'Agenci na produkcji'} · Kongres AI Polska`);
      // No abstract in any language but Polish: the Polish one.
      expect(event.description).toContain('Co działa, a co nie.');
      expect(event.description).toContain('Zofia Przykładowa');
      expect(event.uid).toBe('agenci-na-produkcji-2027-10-23@kongres-ai.pl');
      // 13:00-13:40 in Warsaw on 23 October 2027 (summer time, UTC+2).
      expect(event.startDate.zone?.tzid).toBe('Europe/Warsaw');
      expect(event.startDate.toJSDate().toISOString()).toBe('2027-10-23T11:00:00.000Z');
      expect(event.endDate.toJSDate().toISOString()).toBe('2027-10-23T11:40:00.000Z');
      expect(event.location).toMatch(/Atlas Arena/);
    },
  );

  it('names only published speakers', async () => {
    await saveSpeakerAndSession();
    await publish();
    await api('POST', '/speakers/nowa-osoba/unpublish');
    const { event } = await icsOf('/api/calendar/pl/agenci-na-produkcji.ics');
    expect(event.description).not.toContain('Zofia');
    expect(event.description).toContain('Co działa, a co nie.');
  });

  it('answers 404 for a draft, an unpublished and an unknown session', async () => {
    await saveSpeakerAndSession();
    expect((await SELF.fetch(`${ORIGIN}/api/calendar/pl/agenci-na-produkcji.ics`)).status).toBe(404);
    await publish();
    expect((await SELF.fetch(`${ORIGIN}/api/calendar/pl/agenci-na-produkcji.ics`)).status).toBe(200);
    await api('POST', '/sessions/agenci-na-produkcji/unpublish');
    const res = await SELF.fetch(`${ORIGIN}/api/calendar/pl/agenci-na-produkcji.ics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
    expect((await SELF.fetch(`${ORIGIN}/api/calendar/pl/nie-ma-takiej.ics`)).status).toBe(404);
  });

  it('takes an example session of site/ off when it is unpublished in the store', async () => {
    const { event } = await icsOf('/api/calendar/pl/ai-strategy.ics');
    expect(event.summary).toContain(pl.program.sessions.aiStrategy.title);
    await api('POST', '/sessions/aiStrategy/unpublish');
    expect((await SELF.fetch(`${ORIGIN}/api/calendar/pl/ai-strategy.ics`)).status).toBe(404);
    // The congress and the shows are facts of site/, not content.
    expect((await SELF.fetch(`${ORIGIN}/api/calendar/pl/congress.ics`)).status).toBe(200);
  });

  it('shows the calendar link on the new session card of the programme', async () => {
    await saveSpeakerAndSession();
    await publish();
    for (const lang of LANGUAGES) {
      const page = await (await visit(ORIGIN + href(lang.code, 'program'))).text();
      const link = `href="/api/calendar/${lang.prefix}/agenci-na-produkcji.ics"`;
      expect(page, lang.code).toContain(link);
      const card = page.slice(page.indexOf('id="session-agenci-na-produkcji"'));
      expect(card.indexOf(link), 'the link is on the card').toBeLessThan(card.indexOf('</article>'));
    }
  });
});

const locsOf = (xml: string) => [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
const tag = (url: string, name: string) => url.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

async function expectValidSitemap(xml: string) {
  const response = await fetch(`${inject('schemaValidator')}/sitemap`, { method: 'POST', body: xml });
  const result = (await response.json()) as { valid: boolean; errors: string };
  expect(result.errors, 'xmllint against the sitemap protocol schema').toMatch(/validates$/);
  expect(result.valid).toBe(true);
}

describe('sitemap.xml from what is published', () => {
  const contentPaths = new Set(LANGUAGES.flatMap((l) => CONTENT_PAGE_IDS.map((id) => SITE_ORIGIN + href(l.code, id))));

  it('is served by the worker and valid before anything is published', async () => {
    const res = await visit(`${ORIGIN}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    await expectValidSitemap(xml);
    expect(xml).not.toContain('<lastmod>');
  });

  it('gives the content pages the instant of the last publication, with every alternate', async () => {
    await saveSpeakerAndSession();
    await publish();
    const xml = await (await visit(`${ORIGIN}/sitemap.xml`)).text();
    await expectValidSitemap(xml);
    const urls = locsOf(xml);
    const indexable = PAGES.filter((p) => !NOINDEX_PAGES.includes(p.id));
    expect(urls).toHaveLength(indexable.length * LANGUAGES.length);
    for (const url of urls) {
      const loc = tag(url, 'loc') ?? '';
      expect(tag(url, 'lastmod'), loc).toBe(contentPaths.has(loc) ? '2027-06-01T10:00:00Z' : undefined);
      const alternates = [...url.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1]);
      expect(alternates).toEqual([...LANGUAGES.map((l) => l.code), 'x-default']);
    }
  });

  it('moves the date with an unpublication', async () => {
    await saveSpeakerAndSession();
    await publish();
    setClock('2027-06-02T08:30:00Z');
    await api('POST', '/speakers/nowa-osoba/unpublish');
    await publishedChanged(env, Date.now());
    const xml = await (await visit(`${ORIGIN}/sitemap.xml`)).text();
    const speakers = locsOf(xml).find((u) => tag(u, 'loc') === SITE_ORIGIN + href('de', 'speakers')) ?? '';
    expect(tag(speakers, 'lastmod')).toBe('2027-06-02T08:30:00Z');
    await expectValidSitemap(xml);
  });
});

async function biosOf(prefix: string) {
  const res = await visit(`${ORIGIN}/press/kongres-ai-2027-prelegenci-${prefix}.pdf`);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return { bytes, doc: await PDFDocument.load(bytes, { updateMetadata: false }) };
}

const TITLES: Record<string, string> = {
  pl: 'Prelegenci Kongresu AI Polska 2027',
  'en-GB': 'Speakers at Kongres AI Polska 2027',
  'en-US': 'Speakers at Kongres AI Polska 2027',
  de: 'Speaker des Kongres AI Polska 2027',
  es: 'Ponentes del Kongres AI Polska 2027',
};

describe("the press kit's speaker bios", () => {
  it.each(LANGUAGES.map((l) => [l.prefix, l.code] as const))(
    'serves a PDF in %s made from the published speakers',
    async (prefix, code) => {
      await publish();
      const before = await biosOf(prefix);
      expect(before.doc.getTitle()).toBe(TITLES[code]);
      await saveSpeakerAndSession();
      // A draft is not in the press kit.
      await publishedChanged(env, Date.now());
      expect((await biosOf(prefix)).bytes).toEqual(before.bytes);
      await publish();
      const after = await biosOf(prefix);
      expect(after.bytes).not.toEqual(before.bytes);
    },
  );

  it('holds one page for nobody and more pages as speakers are published', async () => {
    await publish();
    const { records } = (await (await api('GET', '/speakers')).json()) as { records: { id: string }[] };
    for (const { id } of records) {
      await api('POST', `/speakers/${id}/unpublish`);
    }
    await publishedChanged(env, Date.now());
    expect((await biosOf('pl')).doc.getPageCount()).toBe(1);
    for (let i = 0; i < 12; i++) {
      const bio = 'Prowadzi zespół, który buduje modele językowe dla administracji. '.repeat(6);
      await api('PUT', `/speakers/osoba-${i}`, {
        ...SPEAKER,
        name: `Osoba ${i}`,
        texts: { pl: { ...SPEAKER.texts.pl, bio } },
      });
    }
    await publish();
    expect((await biosOf('pl')).doc.getPageCount()).toBeGreaterThan(1);
  });

  it('gives a speaker whose photo cannot be read the initials, and everyone else their bio', async () => {
    await publish();
    const before = await biosOf('pl');
    // A PNG whose header passes the upload's checks and whose image data is missing.
    const key = await uploadPngHeader(320, 320);
    expect((await api('PUT', '/speakers/z-foto', { ...SPEAKER, name: 'Ala Foto', image: key })).status).toBe(201);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await publish();
    const after = await biosOf('pl');
    expect(after.bytes).not.toEqual(before.bytes);
    expect(after.doc.getPageCount()).toBeGreaterThanOrEqual(before.doc.getPageCount());
    expect(warn.mock.calls.flat().join('\n')).toContain('press_photo_unreadable');
    expect(error.mock.calls.flat().join('\n')).not.toContain('content_feed_failed');
  });

  it('answers two downloads rendered at once, in two requests', async () => {
    // Rendering in two requests at once once broke on a stream shim shared by the isolate
    // (worker/invoices/pdf-kit.ts, Sheet.create): one request's callbacks ran in the other's.
    await SELF.fetch(`${ORIGIN}/api/calendar/pl/ai-strategy.ics`);
    const [pl, de] = await Promise.all([
      SELF.fetch(`${ORIGIN}/press/kongres-ai-2027-prelegenci-pl.pdf`),
      SELF.fetch(`${ORIGIN}/press/kongres-ai-2027-prelegenci-de.pdf`),
    ]);
    expect([pl.status, de.status]).toEqual([200, 200]);
    await Promise.all([pl.arrayBuffer(), de.arrayBuffer()]);
  });

  it('is rendered from the store on the first download after a deployment', async () => {
    // Nothing rendered yet (as in a fresh namespace): the download renders and stores it.
    expect(await kvKeys()).toEqual([]);
    await biosOf('pl');
    expect((await env.CONTENT_PAGES.list({ prefix: 'feed:press-bios:' })).keys.map((k) => k.name)).toEqual([
      'feed:press-bios:pl',
    ]);
  });
});

async function kvKeys() {
  return (await env.CONTENT_PAGES.list()).keys.map((k) => k.name).sort();
}

describe('a preview of the drafts', () => {
  const preview = (path: string, headers: Record<string, string> = ADMIN) =>
    SELF.fetch(`${ORIGIN}/api/admin/content/preview?path=${encodeURIComponent(path)}`, { headers });

  it('needs the organisers token', async () => {
    expect((await preview('/pl/prelegenci', {})).status).toBe(401);
    expect((await preview('/pl/prelegenci', { Authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it.each([
    ['/pl/prelegenci', 'Zofia Przykładowa', 'Podgląd'],
    ['/de/program', 'Agenten im Betrieb', 'Vorschau'],
  ])('shows %s with the drafts applied, marked, uncached and unindexed', async (path, draft, band) => {
    await publish();
    await saveSpeakerAndSession();
    const keys = await kvKeys();
    const res = await preview(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain(draft);
    expect(html).toMatch(new RegExp(`<div class="content-preview-band" role="status"><strong>${band}</strong>`));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // The band's style is allowed by its hash beside the page's first-screen block, and nothing
    // else inline is.
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const blocks = [...html.matchAll(/<style(?: data-lean)?>([\s\S]*?)<\/style>/g)].map(([, css]) => css ?? '');
    expect(blocks.some((css) => css.includes('content-preview-band'))).toBe(true);
    const hashes = await Promise.all(
      blocks.map(async (css) => {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)));
        return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
      }),
    );
    const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src')) ?? '';
    expect(styleSrc.trim().split(/\s+/).slice(1).sort()).toEqual(["'self'", ...hashes].sort());
    // Visitors still see what is published, and nothing of the preview was stored.
    expect(await kvKeys()).toEqual(keys);
    expect(await (await visit(ORIGIN + path)).text()).not.toContain(draft);
  });

  it('has none for a page without content', async () => {
    expect((await preview('/pl/kontakt')).status).toBe(404);
    expect((await preview('https://example.com/pl/prelegenci')).status).toBe(404);
  });

  it('opens in a new tab through a signed link, for that page, for a short while', async () => {
    await saveSpeakerAndSession();
    const made = await SELF.fetch(`${ORIGIN}/api/admin/content/preview`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ path: '/pl/prelegenci' }),
    });
    expect(made.status).toBe(201);
    const { url, expiresAt } = (await made.json()) as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBe(PREVIEW_LINK_SECONDS * 1000);
    expect(url).not.toContain(TOKEN);
    const opened = await visit(ORIGIN + url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('Cache-Control')).toBe('private, no-store');
    expect(opened.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(await opened.text()).toContain('Zofia Przykładowa');

    const link = new URL(url, ORIGIN);
    const other = new URL(link);
    other.searchParams.set('path', '/pl/program');
    expect((await visit(other.href)).status, 'another page').toBe(403);
    const forged = new URL(link);
    forged.searchParams.set('signature', `${link.searchParams.get('signature')?.slice(0, -2)}AA`);
    expect((await visit(forged.href)).status, 'a forged signature').toBe(403);
    const later = new URL(link);
    later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    expect((await visit(later.href)).status, 'a longer life').toBe(403);
    setClock(new Date(Date.parse(expiresAt) + 1000).toISOString());
    expect((await visit(link.href)).status, 'expired').toBe(403);
  });

  it('refuses to sign a link for a page without content', async () => {
    const made = await SELF.fetch(`${ORIGIN}/api/admin/content/preview`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ path: href('pl', 'faq') }),
    });
    expect(made.status).toBe(404);
  });
});
