import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../site/languages';
import { renderContentPages } from '../../worker/content/pages';
import { setClock } from './box-office';
import { clearContentStore, uploadPngHeader } from './content-store';
import { ORIGIN, visit } from './platform';

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const api = (method: string, path: string, body?: unknown) =>
  SELF.fetch(`${ORIGIN}/api/admin/content${path}`, {
    method,
    headers: ADMIN,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function clearPages() {
  const { keys } = await env.CONTENT_PAGES.list();
  await Promise.all(keys.map((k) => env.CONTENT_PAGES.delete(k.name)));
}

beforeEach(async () => {
  await clearContentStore();
  await clearPages();
  setClock('2027-06-01T10:00:00Z');
});
afterEach(() => {
  vi.useRealTimers();
});

const BIO = '<script>alert("x")</script>Bada <b>modele</b>.';

async function publishSpeakerAndSession() {
  expect(
    (
      await api('PUT', '/speakers/nowa-osoba', {
        name: 'Zofia Przykładowa',
        texts: { pl: { role: 'Badaczka', bio: BIO, topics: ['Agenci'] }, 'en-GB': { role: 'Researcher' } },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('PUT', '/sessions/agenci-na-produkcji', {
        track: 'technology',
        room: 'hallB',
        start: '13:00',
        end: '13:40',
        speakers: ['nowa-osoba'],
        texts: { pl: { title: 'Agenci na produkcji', abstract: 'Co działa.' }, de: { title: 'Agenten im Betrieb' } },
      })
    ).status,
  ).toBe(201);
  expect((await api('POST', '/publish', {})).status).toBe(200);
  // The publication renders in the background (waitUntil); render here so the test waits for it.
  await renderContentPages(env);
}

describe('pages from the content store', () => {
  it('serves the built page until anything is rendered', async () => {
    const res = await visit(`${ORIGIN}/pl/prelegenci`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Ewa Lisowska');
  });

  it.each(LANGUAGES.map((l) => l.prefix))('shows a published speaker and session on /%s', async (prefix) => {
    await publishSpeakerAndSession();
    const speakers = await (await visit(`${ORIGIN}/${prefix}/prelegenci`)).text();
    expect(speakers).toContain('Zofia Przykładowa');
    expect(speakers).toContain('id="nowa-osoba"');
    // Markup in a bio is text: escaped, never an element.
    expect(speakers).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;Bada &lt;b&gt;modele&lt;/b&gt;.');
    expect(speakers).not.toContain('<script>alert');
    const program = await (await visit(`${ORIGIN}/${prefix}/program`)).text();
    expect(program).toContain(prefix === 'de' ? 'Agenten im Betrieb' : 'Agenci na produkcji');
    expect(program).toContain(`href="/${prefix}/prelegenci#nowa-osoba"`);
  });

  it('falls back to Polish for a missing translation', async () => {
    await publishSpeakerAndSession();
    const gb = await (await visit(`${ORIGIN}/en-gb/prelegenci`)).text();
    expect(gb).toContain('Researcher');
    const es = await (await visit(`${ORIGIN}/es/prelegenci`)).text();
    expect(es).toContain('Badaczka');
  });

  it('keeps the built page headers, the security policy among them', async () => {
    await publishSpeakerAndSession();
    const built = await env.ASSETS.fetch(new URL('/pl/prelegenci', ORIGIN));
    const res = await visit(`${ORIGIN}/pl/prelegenci`);
    expect(res.headers.get('Content-Security-Policy')).toBe(built.headers.get('Content-Security-Policy'));
    expect(res.headers.get('Content-Type')).toContain('text/html');
    await built.body?.cancel();
  });

  it('says a list holds examples while it shows any, and gives it its own heading once it shows published content only', async () => {
    await publishSpeakerAndSession();
    // A list that mixes the organisers' own cards with examples: only the example cards say so.
    const withExamples = await (await visit(`${ORIGIN}/pl/prelegenci`)).text();
    expect(withExamples).toContain('Zofia Przykładowa');
    expect(withExamples).toContain('<h2 id="speaker-list-title" data-examples-title="speakers">Prelegenci</h2>');
    expect(withExamples).not.toContain('Przykładowe karty prelegentów');
    expect(withExamples).toContain('data-examples-note="speakers"');
    expect(withExamples).toContain('Część kart to jeszcze przykłady');
    expect(withExamples).not.toContain('Poniżej pokazujemy przykładowe karty prelegentów');
    const cards = [...withExamples.matchAll(/<article class="speaker-card[\s\S]*?<\/article>/g)].map(([card]) => card);
    const own = cards.filter((card) => card.includes('Zofia Przykładowa'));
    expect(own).toHaveLength(1);
    expect(own[0]).not.toContain('badge--example');
    expect(cards.filter((card) => card.includes('badge--example'))).toHaveLength(cards.length - 1);
    const mixedProgram = await (await visit(`${ORIGIN}/pl/program`)).text();
    expect(mixedProgram).not.toContain('Sesje poniżej to przykłady');
    expect(mixedProgram).toContain('Część sesji to jeszcze przykłady');
    const sessions = [...mixedProgram.matchAll(/<article class="session-card[\s\S]*?<\/article>/g)].map(
      ([card]) => card,
    );
    const ownSession = sessions.filter((card) => card.includes('Agenci na produkcji'));
    expect(ownSession).toHaveLength(1);
    expect(ownSession[0]).not.toContain('badge--example');
    expect(sessions.filter((card) => card.includes('badge--example'))).toHaveLength(sessions.length - 1);

    // Every example speaker and session off the pages: what is left is the organisers' own.
    const examples = async (kind: string) =>
      ((await (await api('GET', `/${kind}`)).json()) as { records: { id: string; example: boolean }[] }).records
        .filter((item) => item.example)
        .map((item) => item.id);
    for (const kind of ['speakers', 'sessions']) {
      for (const id of await examples(kind)) expect((await api('POST', `/${kind}/${id}/unpublish`)).status).toBe(200);
    }
    await renderContentPages(env);
    for (const [prefix, heading] of [
      ['pl', 'Prelegenci'],
      ['en-gb', 'Speakers'],
      ['de', 'Speaker'],
    ]) {
      const speakers = await (await visit(`${ORIGIN}/${prefix}/prelegenci`)).text();
      expect(speakers).toContain('Zofia Przykładowa');
      expect(speakers).toContain(`<h2 id="speaker-list-title" data-examples-title="speakers">${heading}</h2>`);
      expect(speakers).not.toContain('data-examples-note="speakers"');
    }
    const program = await (await visit(`${ORIGIN}/pl/program`)).text();
    expect(program).toContain('Agenci na produkcji');
    expect(program).not.toContain('Sesje poniżej to przykłady');
    // The workshops still show their examples, and say so.
    const workshops = await (await visit(`${ORIGIN}/pl/warsztaty`)).text();
    expect(workshops).toContain('>Przykładowe warsztaty</h2>');
    expect(workshops).toContain('data-examples-note="workshops"');
  });

  it('takes an unpublished speaker off the pages', async () => {
    await publishSpeakerAndSession();
    await api('POST', '/speakers/nowa-osoba/unpublish');
    await renderContentPages(env);
    const page = await (await visit(`${ORIGIN}/pl/prelegenci`)).text();
    expect(page).not.toContain('Zofia Przykładowa');
    const program = await (await visit(`${ORIGIN}/pl/program`)).text();
    expect(program).toContain('Agenci na produkcji');
    expect(program).not.toContain('Zofia Przykładowa');
  });

  it('sizes an uploaded photo', async () => {
    const key = await uploadPngHeader(320, 320);
    await api('PUT', '/speakers/z-foto', { name: 'Ala Foto', image: key, texts: { pl: { role: 'R', bio: 'B' } } });
    await api('POST', '/publish', {});
    await renderContentPages(env);
    const page = await (await visit(`${ORIGIN}/pl/prelegenci`)).text();
    expect(page).toMatch(
      new RegExp(`<img class="avatar__image" src="/content-images/${key}"[^>]* width="160" height="160"`),
    );
  });
});
