import { SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from './box-office';
import { clearContentStore } from './content-store';
import { ORIGIN } from './platform';

const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };

beforeEach(async () => {
  await clearContentStore();
  setClock('2027-06-01T10:00:00Z');
});
afterEach(() => {
  vi.useRealTimers();
});

/** A session published through the API, with markup in its title and only Polish texts. */
async function publishMarkupSession() {
  const res = await SELF.fetch(`${ORIGIN}/api/admin/content/sessions/markup`, {
    method: 'PUT',
    headers: ADMIN,
    body: JSON.stringify({
      track: 'business',
      room: 'mainHall',
      start: '12:30',
      end: '13:15',
      speakers: ['juliaNowicka'],
      texts: { pl: { title: '<script>alert("x")</script> & AI', abstract: 'Tylko po polsku.' } },
    }),
  });
  expect(res.status).toBe(201);
  await SELF.fetch(`${ORIGIN}/api/admin/content/publish`, { method: 'POST', headers: ADMIN, body: '{}' });
}

type Schedule = {
  schedule: {
    version: string;
    conference: {
      acronym: string;
      days: {
        rooms: Record<string, { title: string; start: string; duration: string; persons: { name: string }[] }[]>;
      }[];
    };
  };
};

describe('programme exports', () => {
  it('serves the published programme as c3voc schedule JSON at /schedule.json', async () => {
    const res = await SELF.fetch(`${ORIGIN}/schedule.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    const body = (await res.json()) as Schedule;
    expect(body.schedule.conference.acronym).toBe('kongresai2027');
    const events = Object.values(body.schedule.conference.days[0]?.rooms ?? {}).flat();
    expect(events.map((e) => e.title)).toContain('Strategia AI w firmie: od pilotażu do zysku');
    expect(events.find((e) => e.start === '16:15')).toMatchObject({ duration: '01:00' });
  });

  it('shows only what is published, and follows a publication', async () => {
    await publishMarkupSession();
    const body = (await (await SELF.fetch(`${ORIGIN}/schedule.json`)).json()) as Schedule;
    const events = Object.values(body.schedule.conference.days[0]?.rooms ?? {}).flat();
    const markup = events.find((e) => e.start === '12:30');
    expect(markup?.title).toBe('<script>alert("x")</script> & AI');
    expect(markup?.persons.map((p) => p.name)).toEqual(['Julia Nowicka']);
  });

  it('writes markup in a text as escaped text in /schedule.xml', async () => {
    await publishMarkupSession();
    const res = await SELF.fetch(`${ORIGIN}/schedule.xml`);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; AI</title>');
    expect(xml).not.toContain('<script>');
  });

  it('speaks the asked language, with Polish where a text is missing', async () => {
    await publishMarkupSession();
    const body = (await (await SELF.fetch(`${ORIGIN}/schedule.json?lang=de`)).json()) as Schedule;
    const events = Object.values(body.schedule.conference.days[0]?.rooms ?? {}).flat();
    expect(Object.keys(body.schedule.conference.days[0]?.rooms ?? {})).toContain('Großer Saal');
    expect(events.find((e) => e.start === '12:30')?.title).toContain('& AI');
    expect((await SELF.fetch(`${ORIGIN}/schedule.json?lang=fr`)).status).toBe(404);
  });
});
