import { env, SELF } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sniffImage } from '../../worker/content/images';
import { CONTENT_SCHEMAS, textsIn } from '../../worker/content/schema';
import { seedRecords } from '../../worker/content/seed';
import { LISTS_PUBLISH_AT, publishedContent, publishedExamples } from '../../worker/content/store';
import { setClock } from './box-office';
import { clearContentStore } from './content-store';
import { callWorker, ORIGIN } from './platform';
import { staffMember } from './staff';

const ADMIN = { Authorization: 'Bearer test-admin-token' };
const API = `${ORIGIN}/api/admin/content`;

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  SELF.fetch(API + path, {
    method,
    headers: { ...ADMIN, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const put = (path: string, body: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers);

const BEFORE_LISTS = '2027-06-01T10:00:00Z';

const speaker = (name = 'Maria Testowa') => ({
  name,
  image: null,
  links: { linkedin: 'https://www.linkedin.com/company/kongres-ai-polska' },
  texts: {
    pl: { role: 'Badaczka', bio: 'Zajmuje się modelami.', topics: ['Modele językowe'] },
    'en-GB': { role: 'Researcher', bio: 'Works on models.' },
  },
});
const VALID: Record<string, unknown> = {
  speakers: speaker(),
  sessions: {
    track: 'technology',
    room: 'hallB',
    start: '13:00',
    end: '13:45',
    speakers: ['ewaLisowska'],
    seats: 120,
    texts: { pl: { title: 'Agenci w praktyce', abstract: 'Jak budować agentów.' } },
  },
  workshops: {
    category: 'technical',
    level: 'basic',
    durationHours: 2,
    capacity: 15,
    instructor: 'tomaszGajda',
    texts: { pl: { title: 'Pierwszy agent', text: 'Budujemy agenta.', prerequisites: ['Laptop'] } },
  },
  exhibitors: {
    name: 'Przykładowa Firma',
    logo: null,
    booth: 'E12',
    link: 'https://kongres-ai.pl',
    demo: { start: '12:00', end: '12:20' },
    texts: { pl: { description: 'Platforma AI.', demo: 'Pokaz asystenta' }, de: { description: 'KI-Plattform.' } },
  },
  partners: {
    name: 'Partner Testowy',
    logo: null,
    package: 'gold',
    link: null,
    texts: { pl: { description: 'Partner złoty.' } },
  },
};

/** A PNG header of the given size (the store reads the header, never decodes the pixels). */
function png(width: number, height: number, padTo = 64): Uint8Array {
  const bytes = new Uint8Array(Math.max(33, padTo));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes[24] = 8;
  bytes[25] = 6;
  // Different sizes make different files (the name is the content's hash).
  bytes[32] = (width + height) & 0xff;
  return bytes;
}
const upload = (bytes: Uint8Array, type = 'image/png') =>
  SELF.fetch(`${API}/images`, { method: 'POST', headers: { ...ADMIN, 'Content-Type': type }, body: bytes });

beforeEach(async () => {
  await clearContentStore();
  setClock(BEFORE_LISTS);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('content store: organisers without the token', () => {
  it('answers 401 without the bearer token', async () => {
    const res = await SELF.fetch(`${API}/speakers`);
    expect(res.status).toBe(401);
  });
});

describe('content store: seed', () => {
  it('loads the example speakers, sessions and workshops into an empty store, published and marked as examples', async () => {
    const res = await call('GET', '/speakers');
    const { records } = (await res.json()) as { records: { id: string; example: boolean; status: string }[] };
    expect(records.map((r) => r.id).sort()).toEqual(['ewaLisowska', 'juliaNowicka', 'tomaszGajda']);
    expect(records.every((r) => r.example && r.status === 'published')).toBe(true);
    expect((await publishedExamples(env.CONTENT_DB)).length).toBe(seedRecords().length);
  });

  it('seeds records that are valid against their own schema', () => {
    for (const record of seedRecords()) {
      const parsed = CONTENT_SCHEMAS[record.kind].safeParse(record.fields);
      expect(parsed.success, `${record.kind}/${record.id}`).toBe(true);
    }
  });

  it('leaves a production store empty: examples are for local sites', async () => {
    const token = 'a-production-token-of-32-characters-or-more';
    const res = await callWorker(
      new Request(`${API}/speakers`, { headers: { ...ADMIN, Authorization: `Bearer ${token}` } }),
      { ENVIRONMENT: 'production', ADMIN_TOKEN: token },
    );
    expect(((await res.json()) as { records: unknown[] }).records).toEqual([]);
    expect(await publishedExamples(env.CONTENT_DB)).toEqual([]);
  });

  it('seeds only once: deleted examples do not come back', async () => {
    await call('GET', '/workshops');
    const res = await call('DELETE', '/workshops/promptLab?version=1');
    expect(res.status).toBe(204);
    const again = (await (await call('GET', '/workshops')).json()) as { records: { id: string }[] };
    expect(again.records.map((r) => r.id)).not.toContain('promptLab');
  });
});

describe.each(Object.keys(VALID))('content store: %s', (kind) => {
  it('creates a draft, edits it, publishes it, and unpublishes it', async () => {
    const created = await put(`/${kind}/test-record`, VALID[kind]);
    expect(created.status).toBe(201);
    expect(created.headers.get('ETag')).toBe('"1"');
    const first = (await created.json()) as { version: number; status: string; published: unknown };
    expect(first).toMatchObject({ version: 1, status: 'draft', published: null });

    const edited = await put(`/${kind}/test-record`, { ...(VALID[kind] as object), version: 1 });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ version: 2, status: 'draft' });
    expect((await publishedContent(env.CONTENT_DB))[kind as 'speakers'].map((r) => r.id)).not.toContain('test-record');

    const published = await call('POST', '/publish', {});
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ published: 1 });
    const record = (await (await call('GET', `/${kind}/test-record`)).json()) as {
      status: string;
      publishedVersion: number;
      history: { action: string; actor: string }[];
    };
    expect(record).toMatchObject({ status: 'published', publishedVersion: 2 });
    expect(record.history.map((h) => h.action)).toEqual(['published', 'saved', 'created']);
    expect(record.history.every((h) => h.actor === 'ADMIN_TOKEN')).toBe(true);
    expect((await publishedContent(env.CONTENT_DB))[kind as 'speakers'].map((r) => r.id)).toContain('test-record');

    const unpublished = await call('POST', `/${kind}/test-record/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(await unpublished.json()).toMatchObject({ status: 'draft', published: null, version: 2 });
    expect((await publishedContent(env.CONTENT_DB))[kind as 'speakers'].map((r) => r.id)).not.toContain('test-record');
  });

  it('publishes at a later instant, on the controlled clock', async () => {
    await put(`/${kind}/later`, VALID[kind]);
    const res = await call('POST', '/publish', { at: '2027-06-02T08:00:00+02:00' });
    expect(res.status).toBe(202);
    const { scheduled } = (await res.json()) as { scheduled: { id: number; at: string } };
    expect(scheduled.at).toBe('2027-06-02T06:00:00.000Z');

    setClock('2027-06-02T05:59:00Z');
    expect((await (await call('GET', `/${kind}/later`)).json()) as object).toMatchObject({ status: 'draft' });
    setClock('2027-06-02T06:00:00Z');
    expect((await (await call('GET', `/${kind}/later`)).json()) as object).toMatchObject({ status: 'published' });
  });

  it('refuses a stale write with 409 and keeps the other edit', async () => {
    await put(`/${kind}/shared`, VALID[kind]);
    const mine = await put(`/${kind}/shared`, { ...(VALID[kind] as object), version: 1 });
    expect(mine.status).toBe(200);
    const theirs = await put(`/${kind}/shared`, { ...(VALID[kind] as object), version: 1 });
    expect(theirs.status).toBe(409);
    expect(await theirs.json()).toEqual({ error: 'version_conflict', current: 2 });
    const byHeader = await put(`/${kind}/shared`, VALID[kind], { 'If-Match': '"1"' });
    expect(byHeader.status).toBe(409);
    const fresh = await put(`/${kind}/shared`, VALID[kind], { 'If-Match': '"2"' });
    expect(fresh.status).toBe(200);
    const noVersion = await put(`/${kind}/shared`, VALID[kind]);
    expect(noVersion.status).toBe(428);
  });

  it('refuses a record without its Polish texts with 422 and the field path, and stores nothing', async () => {
    const { texts, ...rest } = VALID[kind] as { texts: object };
    const res = await put(`/${kind}/no-polish`, { ...rest, texts: { 'en-GB': {} } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_fields');
    expect(Object.keys(body.fields)).toContain('texts.pl');
    expect((await call('GET', `/${kind}/no-polish`)).status).toBe(404);
  });
});

describe('content store: validation', () => {
  it('names each invalid field by its path', async () => {
    const res = await put('/sessions/bad', {
      ...(VALID.sessions as object),
      start: '25:00',
      end: '09:00',
      room: 'basement',
      texts: { pl: { title: '', abstract: 'x' }, fr: { title: 'Bonjour' } },
    });
    expect(res.status).toBe(422);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({ start: 'time_hh_mm', room: 'invalid_value', 'texts.pl.title': 'required' });
    expect(Object.keys(fields)).toContain('texts');
  });

  it('refuses an end before the start', async () => {
    const res = await put('/sessions/backwards', { ...(VALID.sessions as object), start: '12:00', end: '11:00' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: object }).fields).toEqual({ end: 'end_before_start' });
  });

  it('refuses a link that is not https, and a speaker that does not exist', async () => {
    const link = await put('/partners/p', { ...(VALID.partners as object), link: 'javascript:alert(1)' });
    expect(((await link.json()) as { fields: object }).fields).toEqual({ link: 'https_url' });
    const ghost = await put('/sessions/s', { ...(VALID.sessions as object), speakers: ['ewaLisowska', 'nobody'] });
    expect(ghost.status).toBe(422);
    expect(((await ghost.json()) as { fields: object }).fields).toEqual({ 'speakers.1': 'unknown_speaker' });
  });

  it('refuses fields the kind does not have, an unknown kind and a malformed id', async () => {
    const extra = await put('/speakers/x', { ...speaker(), admin: true });
    expect(extra.status).toBe(422);
    expect((await call('GET', '/sponsors')).status).toBe(404);
    expect((await put('/speakers/bad%20id', speaker())).status).toBe(404);
  });

  it('answers 415 to a body that is not JSON and 400 to malformed JSON', async () => {
    const text = await SELF.fetch(`${API}/speakers/x`, { method: 'PUT', headers: ADMIN, body: 'name=x' });
    expect(text.status).toBe(415);
    const broken = await SELF.fetch(`${API}/speakers/x`, {
      method: 'PUT',
      headers: { ...ADMIN, 'Content-Type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
  });

  it('keeps markup in a bio as the text it is', async () => {
    const bio = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await put('/speakers/markup', { ...speaker(), texts: { pl: { role: 'Rola', bio } } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { draft: { texts: { pl: { bio: string } } } }).draft.texts.pl.bio).toBe(bio);
  });

  it('refuses deleting a speaker whom a session names', async () => {
    const res = await call('DELETE', '/speakers/ewaLisowska', undefined, { 'If-Match': '1' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'in_use' });
  });
});

describe('content store: translations', () => {
  it('lists the texts missing per language, and fills them from Polish for visitors', async () => {
    const res = await put('/speakers/half', speaker());
    const { missing } = (await res.json()) as { missing: Record<string, string[]> };
    expect(missing['en-GB']).toEqual(['topics']);
    expect(missing.de).toEqual(['role', 'bio', 'topics']);
    const texts = (speaker() as { texts: Parameters<typeof textsIn>[0] }).texts;
    expect(textsIn(texts, 'de')).toEqual(texts.pl);
    expect(textsIn(texts, 'en-GB')).toMatchObject({ role: 'Researcher', topics: ['Modele językowe'] });
  });
});

describe('content store: publication', () => {
  it('publishes the lists by themselves at 00:00 Warsaw time on 1 September', async () => {
    expect(new Date(LISTS_PUBLISH_AT).toISOString()).toBe('2027-08-31T22:00:00.000Z');
    await put('/speakers/lists-day', speaker());
    const { scheduled } = (await (await call('GET', '/schedule')).json()) as { scheduled: { source: string }[] };
    expect(scheduled.map((s) => s.source)).toEqual(['lists']);
    setClock('2027-08-31T21:59:59Z');
    expect(await (await call('GET', '/speakers/lists-day')).json()).toMatchObject({ status: 'draft' });
    setClock('2027-08-31T22:00:00Z');
    const record = (await (await call('GET', '/speakers/lists-day')).json()) as {
      status: string;
      history: { actor: string }[];
    };
    expect(record.status).toBe('published');
    expect(record.history[0]?.actor).toBe('lists (1 September)');
  });

  it('drops the lists publication when organisers publish earlier', async () => {
    await call('POST', '/publish', {});
    const { scheduled } = (await (await call('GET', '/schedule')).json()) as { scheduled: unknown[] };
    expect(scheduled).toEqual([]);
  });

  it('runs a scheduled publication from the minute cron', async () => {
    await put('/partners/cron', VALID.partners);
    await call('POST', '/publish', { at: '2027-06-01T10:05:00Z' });
    setClock('2027-06-01T10:06:00Z');
    const worker = (await import('../../worker/index')).default;
    await worker.scheduled(
      { cron: '* * * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController,
      env as never,
    );
    expect((await publishedContent(env.CONTENT_DB)).partners.map((p) => p.id)).toEqual(['cron']);
  });

  it('cancels a scheduled publication', async () => {
    await put('/partners/cancelled', VALID.partners);
    const { scheduled } = (await (await call('POST', '/publish', { at: '2027-06-01T12:00:00Z' })).json()) as {
      scheduled: { id: number };
    };
    expect((await call('DELETE', `/schedule/${scheduled.id}`)).status).toBe(204);
    setClock('2027-06-01T13:00:00Z');
    expect(await (await call('GET', '/partners/cancelled')).json()).toMatchObject({ status: 'draft' });
  });

  it('keeps a history of who changed what, by their verified identity, not a typed name', async () => {
    const anna = await staffMember('content', 'Anna');
    const piotr = await staffMember('admin', 'Piotr');
    await put('/speakers/hist', speaker(), { ...anna.headers, 'X-Organiser': 'Someone Else' });
    await put('/speakers/hist', { ...speaker('Maria Nowa'), version: 1 }, piotr.headers);
    const { history } = (await (await call('GET', '/history')).json()) as {
      history: { actor: string; action: string; id: string; detail: { fields: string[] } }[];
    };
    expect(history[0]).toMatchObject({
      actor: piotr.member.name,
      action: 'saved',
      id: 'hist',
      detail: { fields: ['name'] },
    });
    expect(history[1]).toMatchObject({ actor: anna.member.name, action: 'created', id: 'hist' });
  });
});

describe('content store: images', () => {
  it('stores a PNG named by its content, with its size, and serves it', async () => {
    const res = await upload(png(400, 400));
    expect(res.status).toBe(201);
    const image = (await res.json()) as { key: string; width: number; height: number; url: string };
    expect(image).toMatchObject({ width: 400, height: 400, type: 'image/png' });
    const served = await SELF.fetch(ORIGIN + image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(400, 400));
    const withPhoto = await put('/speakers/photo', { ...speaker(), image: image.key });
    expect(withPhoto.status).toBe(201);
  });

  it('judges the type by the bytes, not by the declared type', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(svg, 'image/png');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: 'unsupported_image_type',
      accepted: ['image/png', 'image/jpeg', 'image/webp'],
    });
  });

  it('refuses an image over 2 MB, and one too small or too large in pixels', async () => {
    const big = await upload(png(800, 800, 2 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    const tiny = await upload(png(20, 20));
    expect(tiny.status).toBe(422);
    expect(await tiny.json()).toMatchObject({ error: 'image_dimensions', width: 20, height: 20 });
    expect((await upload(png(5000, 100))).status).toBe(422);
  });

  it('refuses a record that names an image never uploaded', async () => {
    const res = await put('/speakers/ghost', { ...speaker(), image: `img-${'0'.repeat(32)}.png` });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: object }).fields).toEqual({ image: 'unknown_image' });
  });

  it('reads the size of JPEG and WebP headers', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 300, 1, 144, 3, 0, 0]);
    jpeg[13] = 1;
    jpeg[14] = 44;
    expect(sniffImage(jpeg)).toEqual({ type: 'image/jpeg', width: 400, height: 300 });
    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'));
    webp.set([199, 0, 0, 99, 0, 0], 24);
    expect(sniffImage(webp)).toEqual({ type: 'image/webp', width: 200, height: 100 });
  });
});
