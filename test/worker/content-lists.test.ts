import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../site/languages';
import { href } from '../../site/pages';
import { renderContentPages } from '../../worker/content/pages';
import { DURING_PROMOTION, office, resetBoxOffice, setClock } from './box-office';
import { type BoughtTicket, buyPaidTicket } from './buyer';
import { clientIps } from './client-ip';
import { clearContentStore, uploadPngHeader } from './content-store';
import { consumeMail } from './mail-queue';
import { callWorker, ORIGIN, postJson, visit } from './platform';

// The workshops, expo and home pages (and the Event JSON-LD) from the content store (issue 32).

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
const nextIp = clientIps(47);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };

const api = async (method: string, path: string, body?: unknown) => {
  const res = await SELF.fetch(`${ORIGIN}/api/admin/content${path}`, {
    method,
    headers: ADMIN,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
};
const page = async (path: string) => {
  const res = await visit(`${ORIGIN}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};

beforeEach(async () => {
  await clearContentStore({ pages: true });
  setClock('2027-06-01T10:00:00Z');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const MARKUP = '<img src=x onerror="alert(1)"><b>gruba</b>';

/** A speaker, a session, a workshop, an exhibitor and a partner, published and rendered. */
async function publishLists() {
  const logo = await uploadPngHeader(400, 120);
  await api('PUT', '/speakers/zofia-nowa', {
    name: 'Zofia Przykładowa',
    texts: { pl: { role: 'Badaczka agentów', bio: 'Bada agentów.' }, 'en-GB': { role: 'Agent researcher' } },
  });
  await api('PUT', '/sessions/agenci-rano', {
    track: 'technology',
    room: 'hallB',
    start: '09:00',
    end: '09:40',
    speakers: ['zofia-nowa'],
    texts: { pl: { title: 'Agenci o poranku', abstract: 'Co działa.' }, de: { title: 'Agenten am Morgen' } },
  });
  await api('PUT', '/workshops/agent-lab', {
    category: 'practical',
    level: 'basic',
    durationHours: 2.5,
    capacity: 2,
    instructor: 'zofia-nowa',
    texts: {
      pl: { title: 'Laboratorium agentów', text: `Budujemy agenta. ${MARKUP}`, prerequisites: ['Własny laptop'] },
      'en-GB': { title: 'Agent lab' },
      de: { title: 'Agenten-Labor', text: 'Wir bauen einen Agenten.' },
    },
  });
  await api('PUT', '/exhibitors/neuro-stand', {
    name: 'NeuroStand <b>AI</b>',
    logo,
    booth: 'E12',
    link: 'https://neurostand.example',
    demo: { start: '11:00', end: '11:20' },
    texts: {
      pl: { description: `Platforma do wizji maszynowej. ${MARKUP}`, demo: 'Rozpoznawanie obrazu na żywo' },
      es: { description: 'Plataforma de visión artificial.' },
    },
  });
  await api('PUT', '/partners/gold-bank', {
    name: 'Złoty Bank',
    logo,
    package: 'gold',
    link: 'https://bank.example',
    texts: { pl: { description: 'Partner finansowy.' }, 'en-US': { description: 'Financial partner.' } },
  });
  await api('POST', '/publish', {});
  // The publication renders in the background (waitUntil); render here so the test waits for it.
  await renderContentPages(env);
  return { logo };
}

const jsonLd = (html: string) => {
  const match = html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/);
  expect(match, 'the page carries JSON-LD').not.toBeNull();
  return JSON.parse(match?.[1] ?? '{}');
};

describe('the workshops, expo and home pages from the content store', () => {
  it.each(LANGUAGES.map((l) => l.prefix))(
    'show a published workshop, exhibitor, partner and speaker on /%s',
    async (prefix) => {
      const { logo } = await publishLists();

      const workshops = await page(`/${prefix}/warsztaty`);
      const titles: Record<string, string> = { 'en-gb': 'Agent lab', de: 'Agenten-Labor' };
      const workshopTitle = titles[prefix] ?? 'Laboratorium agentów';
      expect(workshops).toContain(workshopTitle);
      expect(workshops).toContain(`href="/${prefix}/prelegenci#zofia-nowa"`);
      // Its seat registration is on the card, as for the examples.
      expect(workshops).toContain('data-island="workshop"');
      expect(workshops).toContain('data-props="{&quot;workshopId&quot;:&quot;agent-lab&quot;}"');

      const expo = await page(`/${prefix}/expo`);
      expect(expo).toContain('NeuroStand &lt;b&gt;AI&lt;/b&gt;');
      expect(expo).toContain('E12');
      expect(expo).toContain(prefix === 'es' ? 'Plataforma de visión artificial.' : 'Platforma do wizji maszynowej.');
      expect(expo).toContain('Rozpoznawanie obrazu na żywo');
      expect(expo).toContain('href="https://neurostand.example"');
      expect(expo).toContain('Złoty Bank');
      expect(expo).toContain(prefix === 'en-us' ? 'Financial partner.' : 'Partner finansowy.');
      expect(expo).toMatch(/<section class="partners__tier partners__tier--gold"/);
      // An uploaded logo: an image with its slot's size, loaded lazily.
      expect(expo).toMatch(
        new RegExp(
          `<img class="content-logo" src="/content-images/${logo}" alt="" width="160" height="64" loading="lazy"`,
        ),
      );
      expect(expo).not.toContain('class="content-empty"');

      const home = await page(`/${prefix}`);
      expect(home).toContain('Zofia Przykładowa');
      expect(home).toContain(prefix === 'en-gb' ? 'Agent researcher' : 'Badaczka agentów');
      expect(home).toContain(prefix === 'de' ? 'Agenten am Morgen' : 'Agenci o poranku');
      expect(home).toMatch(
        new RegExp(`<img src="/content-images/${logo}" alt="Złoty Bank" loading="lazy" width="128" height="36"`),
      );
      expect(home).toContain('alt="NeuroStand &lt;b&gt;AI&lt;/b&gt;"');
      // The drawn marks are gone once there are logos.
      expect(home).not.toContain('proof__logos--drawn');
    },
  );

  it('falls back to Polish for every text missing in a language', async () => {
    await publishLists();
    const es = await page('/es/warsztaty');
    expect(es).toContain('Laboratorium agentów');
    expect(es).toContain('Własny laptop');
    const de = await page('/de/expo');
    expect(de).toContain('Platforma do wizji maszynowej.');
    const gb = await page('/en-gb');
    expect(gb).toContain('Agenci o poranku');
  });

  it('shows markup in a text as text', async () => {
    await publishLists();
    for (const path of ['/pl/warsztaty', '/pl/expo', '/pl']) {
      const html = await page(path);
      expect(html, path).not.toContain('<img src=x');
      expect(html, path).not.toContain('<b>');
    }
    expect(await page('/pl/warsztaty')).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;gruba&lt;/b&gt;',
    );
  });

  it('takes an unpublished workshop, exhibitor, partner and speaker off the pages', async () => {
    await publishLists();
    for (const path of ['/workshops/agent-lab', '/exhibitors/neuro-stand', '/partners/gold-bank']) {
      await api('POST', `${path}/unpublish`);
    }
    await api('DELETE', '/sessions/agenci-rano?version=1');
    await api('POST', '/speakers/zofia-nowa/unpublish');
    await renderContentPages(env);
    const workshops = await page('/pl/warsztaty');
    expect(workshops).not.toContain('Laboratorium agentów');
    // The examples published by the local seed stay.
    expect(workshops).toContain('workshop-promptLab');
    const expo = await page('/pl/expo');
    expect(expo).not.toContain('NeuroStand');
    expect(expo).not.toContain('Złoty Bank');
    const home = await page('/pl');
    expect(home).not.toContain('Zofia Przykładowa');
    expect(home).not.toContain('Złoty Bank');
    expect(home).not.toContain('Agenci o poranku');
    expect(jsonLd(home).performer.map((p: { name: string }) => p.name)).not.toContain('Zofia Przykładowa');
  });

  it('says when the lists come, with the call to exhibit and to partner, while none is published', async () => {
    await api('GET', '/exhibitors');
    await renderContentPages(env);
    const expo = await page('/pl/expo');
    expect(expo).not.toContain('exhibitors__grid');
    expect(expo).not.toContain('partners__list');
    expect(expo).toMatch(/<div class="content-empty"><p>[^<]+<\/p><a href="\/pl\/wspolpraca\/dla-wystawcy"/);
    expect(expo).toMatch(/<div class="content-empty"><p>[^<]+<\/p><a href="\/pl\/wspolpraca\/dla-partnera"/);
    // The home page's wall draws its marks instead of empty boxes.
    expect(await page('/pl')).toContain('proof__logos--drawn');
  });

  it('lists the published speakers and sessions in the Event JSON-LD of home and kup-bilet', async () => {
    await publishLists();
    for (const prefix of ['pl', 'de']) {
      for (const path of [`/${prefix}`, `/${prefix}/kup-bilet`]) {
        const event = jsonLd(await page(path));
        expect(event['@type']).toBe('Event');
        expect(event.performer).toContainEqual(
          expect.objectContaining({
            '@type': 'Person',
            name: 'Zofia Przykładowa',
            url: `https://kongres-ai.pl/${prefix}/prelegenci#zofia-nowa`,
          }),
        );
        const session = event.subEvent.find((e: { name: string }) => /Agen/.test(e.name));
        expect(session).toMatchObject({
          '@type': 'Event',
          name: prefix === 'de' ? 'Agenten am Morgen' : 'Agenci o poranku',
          startDate: '2027-10-23T09:00:00+02:00',
          endDate: '2027-10-23T09:40:00+02:00',
          performer: [expect.objectContaining({ name: 'Zofia Przykładowa' })],
        });
        // The offers are still the live state's.
        expect(event.offers.length).toBeGreaterThan(0);
      }
    }
  });

  it('renders each page once, under 30 KB gzip, with no script the built page does not have', async () => {
    await publishLists();
    const gzipSize = async (text: string) => {
      const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
      return (await new Response(stream).arrayBuffer()).byteLength;
    };
    for (const prefix of LANGUAGES.map((l) => l.prefix)) {
      for (const slug of ['', '/warsztaty', '/expo', '/kup-bilet', '/prelegenci', '/program']) {
        const path = `/${prefix}${slug}`;
        const stored = await env.CONTENT_PAGES.get(`page:${path}`);
        expect(stored, `${path} is stored`).not.toBeNull();
        expect(await gzipSize(stored ?? ''), path).toBeLessThan(30 * 1024);
        const built = await (await env.ASSETS.fetch(new URL(path, ORIGIN))).text();
        const scripts = (html: string) => (html.match(/<script\b[^>]*>/g) ?? []).length;
        expect(scripts(stored ?? ''), path).toBe(scripts(built));
      }
    }
  });
});

describe('workshop seats of the content store', () => {
  const buyPaid = (product: string, email: string) => buyPaidTicket(product, { email, lang: 'de' }, nextIp());
  const register = (workshop: string, body: { email: string; code: string }) =>
    postJson(`/api/workshops/${workshop}/registrations`, body, { ip: nextIp(), bindings: noLimit });

  beforeEach(async () => {
    await resetBoxOffice();
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });

  it('gives a published workshop exactly the seats of its record, and confirms it by e-mail', async () => {
    await publishLists();
    setClock(DURING_PROMOTION);
    const holders = await Promise.all([0, 1, 2].map((i) => buyPaid('onsite-vip', `vip${i}@example.com`)));
    const answers = await Promise.all(
      holders.map((h, i) => register('agent-lab', { email: `vip${i}@example.com`, code: h.code })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409]);
    expect(await answers.find((r) => r.status === 409)?.json()).toEqual({ error: 'workshop_full' });
    const seats = (await (await callWorker(new Request(`${ORIGIN}/api/workshops`))).json()) as {
      workshops: { id: string; capacity: number; left: number }[];
    };
    expect(seats.workshops.find((w) => w.id === 'agent-lab')).toEqual({ id: 'agent-lab', capacity: 2, left: 0 });
    // The seat's e-mail names the store's workshop, in the holder's language (German, missing texts in Polish).
    const seated = holders[answers.findIndex((r) => r.status === 201)] as BoughtTicket;
    const email = (await office().emails(seated.orderId)).find((e) => e.kind === 'workshop');
    expect(email).toBeDefined();
    const send = vi.fn(async (_message: unknown) => ({ messageId: 'msg-1' }));
    await consumeMail([email?.id as number], send);
    const message = send.mock.calls[0]?.[0] as { subject: string; text: string };
    expect(message.subject).toContain('Agenten-Labor');
    expect(message.text).toContain('Zofia Przykładowa');
    // The holder's order page names the seat's workshop by its published title, not by its id.
    const orderPage = await page(`${href('de', 'thanks')}?order=${seated.orderId}&token=${seated.token}`);
    expect(orderPage).toMatch(/<li[^>]*>(?:<[^>]+>)*Agenten-Labor/);
    expect(orderPage).not.toMatch(/<li[^>]*>(?:<[^>]+>)*agent-lab</);
  });

  it('still takes seats in the examples, and refuses an unpublished or unknown workshop', async () => {
    await publishLists();
    setClock(DURING_PROMOTION);
    const vip = await buyPaid('onsite-vip', 'v@example.com');
    expect((await register('promptLab', { email: 'v@example.com', code: vip.code })).status).toBe(201);
    await api('POST', '/workshops/agent-lab/unpublish');
    const unpublished = await register('agent-lab', { email: 'v@example.com', code: vip.code });
    expect(unpublished.status).toBe(404);
    expect(await unpublished.json()).toEqual({ error: 'unknown_workshop' });
    const unknown = await register('no-such-workshop', { email: 'v@example.com', code: vip.code });
    expect(await unknown.json()).toEqual({ error: 'unknown_workshop' });
    expect((await office().registrations(vip.orderId)).map((s) => s.workshopId)).toEqual(['promptLab']);
  });
});
