import { env } from 'cloudflare:test';
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { OnlineAccessView } from '../../site/access';
import { accessOf, type EntitlementKind, FEATURE_DELIVERY, joinPhase, RECORDING_DAYS } from '../../site/access';
import { EVENT_ENDS, EVENT_STARTS, ONLINE_PLANS, PRODUCT_IDS, type ProductId } from '../../site/tickets';
import type { Bindings } from '../../worker/env';
import { type SourceRole, setSource } from '../../worker/online/store';
import { VIEWER_TOKEN_SECONDS } from '../../worker/online/stream-token';
import { ticketKey } from '../../worker/tickets/code';
import { ticketLinkSecret } from '../../worker/tickets/page-link';
import { withConsent } from '../support/consent';
import { freshBoxOfficeEachTest, office, setClock } from './box-office';
import { buyPaidTicket } from './buyer';
import { clientIps } from './client-ip';
import { callWorker, ORIGIN, postJson } from './platform';

const nextIp = clientIps(47);
const noLimit = { PURCHASE_LIMITER: undefined as unknown as RateLimit };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();
const START = Date.parse(EVENT_STARTS);
const END = Date.parse(EVENT_ENDS);
const DURING = at(START + 2 * HOUR);
const BEFORE = at(START - DAY);
const AFTER = at(END + DAY);

type Holder = { ticketId: string; orderId: string; secret: string; code: string; email: string };

/** A paid one-ticket order of `product`, bought inside the promotion, with its holder's join secret. */
async function paidTicket(product: ProductId, email = 'widz@example.com'): Promise<Holder> {
  setClock('2027-05-01T12:00:00+02:00');
  const { orderId, code } = await buyPaidTicket(product, { email, lang: 'pl' }, nextIp());
  const ticket = (await office().order(orderId))?.tickets[0] as { id: string; code: string };
  return { ticketId: ticket.id, orderId, code, email, secret: await ticketLinkSecret(ticketKey(env), ticket) };
}

const joinUrl = (h: Pick<Holder, 'ticketId' | 'secret'>, to?: string) =>
  `${ORIGIN}/join/${h.ticketId}?k=${h.secret}${to ? `&to=${to}` : ''}`;
const open = (url: string, bindings: Partial<Bindings> = {}) =>
  callWorker(new Request(url, { redirect: 'manual' }), bindings);

/** What organisers set in the console: the live feed (or the recording) of a track or a session; null clears it. */
const setFeed = (subject: string, source: Parameters<typeof setSource>[1]['source'], role: SourceRole = 'live') =>
  setSource(env.CONTENT_DB, { subject, role, source, actor: 'test', now: 0 });

async function clearOnline(): Promise<void> {
  await env.CONTENT_DB.batch([
    env.CONTENT_DB.prepare('DELETE FROM online_sources'),
    env.CONTENT_DB.prepare('DELETE FROM online_materials'),
  ]);
}

freshBoxOfficeEachTest({ silence: ['log'] });

describe('what each plan gives, by time (site/access.ts)', () => {
  const kinds = (product: ProductId, when: string) =>
    Object.fromEntries(accessOf(product, Date.parse(when)).map((e) => [e.kind, e.state])) as Partial<
      Record<EntitlementKind, string>
    >;

  it('opens the stream during the event for the online plans and on-site VIP only', () => {
    for (const product of PRODUCT_IDS) {
      const streams = ['online-standard', 'online-premium', 'online-vip', 'onsite-vip'].includes(product);
      expect(kinds(product, BEFORE).stream, product).toBe(streams ? 'upcoming' : undefined);
      expect(kinds(product, DURING).stream, product).toBe(streams ? 'open' : undefined);
      expect(kinds(product, AFTER).stream, product).toBe(streams ? 'over' : undefined);
    }
  });

  it('opens the recordings and materials at the end for 30 days (Standard) or 365 days', () => {
    expect(RECORDING_DAYS).toEqual({
      'online-standard': 30,
      'online-premium': 365,
      'online-vip': 365,
      'onsite-vip': 365,
    });
    for (const product of PRODUCT_IDS) {
      const days = RECORDING_DAYS[product];
      expect(kinds(product, DURING).recordings, product).toBe(days ? 'upcoming' : undefined);
      expect(kinds(product, AFTER).materials, product).toBe(days ? 'open' : undefined);
      if (!days) continue;
      expect(kinds(product, at(END + days * DAY - 1000)).recordings, product).toBe('open');
      expect(kinds(product, at(END + days * DAY)).recordings, product).toBe('over');
      expect(kinds(product, at(END + days * DAY)).materials, product).toBe('over');
    }
  });

  it('gives online workshops to Premium and VIP, seats in the room to on-site Pro and VIP', () => {
    const with_ = (kind: EntitlementKind) => PRODUCT_IDS.filter((p) => kinds(p, DURING)[kind] !== undefined);
    expect(with_('onlineWorkshops')).toEqual(['online-premium', 'online-vip']);
    expect(with_('workshopSeats')).toEqual(['onsite-pro', 'onsite-vip']);
    expect(with_('networking')).toEqual(['online-premium', 'online-vip']);
    expect(with_('expertQa')).toEqual(['online-vip']);
    expect(with_('venue')).toEqual(['onsite-standard', 'onsite-pro', 'onsite-vip']);
    expect(kinds('online-premium', at(END + 364 * DAY)).onlineWorkshops).toBe('open');
  });

  it('delivers every feature each plan’s card promises, for the days it names', () => {
    for (const plan of ONLINE_PLANS) {
      const product = `online-${plan.type}` as ProductId;
      const given = accessOf(product, Date.parse(DURING)).map((e) => e.kind);
      for (const feature of plan.features)
        expect(given, `${plan.type}: ${feature}`).toContain(FEATURE_DELIVERY[feature]);
      if (plan.features.includes('recordings30')) expect(RECORDING_DAYS[product]).toBe(30);
      if (plan.features.includes('recordings365')) expect(RECORDING_DAYS[product]).toBe(365);
    }
  });

  it('leads the join link from before, to live, to recordings, to over', () => {
    expect(joinPhase('online-standard', Date.parse(BEFORE))).toEqual({ phase: 'before', opensAt: EVENT_STARTS });
    expect(joinPhase('online-standard', Date.parse(DURING)).phase).toBe('live');
    expect(joinPhase('online-standard', Date.parse(AFTER)).phase).toBe('recordings');
    expect(joinPhase('online-standard', END + 30 * DAY).phase).toBe('over');
    expect(joinPhase('onsite-pro', Date.parse(DURING))).toEqual({ phase: 'none' });
  });
});

describe('the join link', () => {
  it('answers a page saying when it opens before the event, for every plan with online access', async () => {
    for (const product of ['online-standard', 'online-premium', 'online-vip', 'onsite-vip'] as const) {
      const holder = await paidTicket(product, `${product}@example.com`);
      setClock(BEFORE);
      const res = await open(joinUrl(holder));
      expect(res.status, product).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      const text = await res.text();
      expect(text).toContain('Jeszcze nie teraz');
      expect(text).toContain('23 października 2027');
    }
  });

  it('forwards during the event to the track stream organisers set, and after it to a recording', async () => {
    await clearOnline();
    const holder = await paidTicket('online-standard');
    await setFeed('track:business', { kind: 'url', url: 'https://stream.example/business' });
    await setFeed('session:aiStrategy', { kind: 'url', url: 'https://stream.example/ai-strategy' }, 'recording');
    setClock(DURING);
    const live = await open(joinUrl(holder));
    expect(live.status).toBe(302);
    expect(live.headers.get('Location')).toBe('https://stream.example/business');
    expect(live.headers.get('Cache-Control')).toBe('private, no-store');
    // A changed stream needs no new link: the same link follows it.
    await setFeed('track:business', { kind: 'url', url: 'https://stream.example/business-backup' });
    expect((await open(joinUrl(holder))).headers.get('Location')).toBe('https://stream.example/business-backup');
    // Without a choice, the link leads to a track that has a stream now.
    await setFeed('track:business', null);
    await setFeed('track:technology', { kind: 'url', url: 'https://stream.example/technology' });
    expect((await open(joinUrl(holder))).headers.get('Location')).toBe('https://stream.example/technology');
    setClock(AFTER);
    const list = await open(joinUrl(holder));
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(`/join/${holder.ticketId}?k=${holder.secret}&amp;to=session%3AaiStrategy`);
    const recording = await open(joinUrl(holder, 'session:aiStrategy'));
    expect(recording.headers.get('Location')).toBe('https://stream.example/ai-strategy');
    setClock(at(END + 30 * DAY + 1000));
    const over = await open(joinUrl(holder, 'session:aiStrategy'));
    expect(over.status).toBe(410);
    expect(await over.text()).toContain('Dostęp online się zakończył');
  });

  it('shows the demo player locally when nothing is configured', async () => {
    await clearOnline();
    const holder = await paidTicket('online-premium');
    setClock(DURING);
    const res = await open(joinUrl(holder, 'track:technology'));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Odtwarzacz demonstracyjny');
    expect(text).toContain('Technologia i wdrożenia');
  });

  it('gives nothing for a foreign, a wrong, an old (reissued) link or an unpaid order', async () => {
    const holder = await paidTicket('online-standard');
    const other = await paidTicket('online-standard', 'inny@example.com');
    setClock(DURING);
    const nothing = async (url: string) => {
      const res = await open(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('Location')).toBeNull();
      expect(await res.text()).toContain('Ten link nie działa');
    };
    await nothing(joinUrl({ ticketId: holder.ticketId, secret: other.secret }));
    await nothing(joinUrl({ ticketId: holder.ticketId, secret: 'x'.repeat(32) }));
    await nothing(`${ORIGIN}/join/${holder.ticketId}`);
    await nothing(joinUrl({ ticketId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', secret: holder.secret }));
    expect((await open(joinUrl(holder))).status).toBe(200);
    // Given to another holder: a new code, so the old link stops.
    setClock(BEFORE);
    const reissued = await office().reissueTicket(
      holder.orderId,
      holder.ticketId,
      { name: 'Ola Nowa', email: 'ola@example.com' },
      Date.now(),
    );
    expect(reissued.kind).toBe('reissued');
    setClock(DURING);
    await nothing(joinUrl(holder));
    const ticket = (await office().order(holder.orderId))?.tickets[0] as { id: string; code: string };
    expect(
      (await open(joinUrl({ ticketId: holder.ticketId, secret: await ticketLinkSecret(ticketKey(env), ticket) })))
        .status,
    ).toBe(200);
    // A pending order's ticket gets nothing either.
    setClock('2027-05-01T12:00:00+02:00');
    const pending = await postJson(
      '/api/purchase/online-standard',
      withConsent({ email: 'p@example.com', lang: 'pl' }),
      {
        ip: nextIp(),
        bindings: noLimit,
      },
    );
    const { orderId } = (await pending.json()) as { orderId: string };
    const unpaid = (await office().order(orderId))?.tickets[0] as { id: string; code: string };
    setClock(DURING);
    await nothing(joinUrl({ ticketId: unpaid.id, secret: await ticketLinkSecret(ticketKey(env), unpaid) }));
  });

  it('tells an on-site ticket without online access so, and keeps extras to the plans that have them', async () => {
    const pro = await paidTicket('onsite-pro');
    const standard = await paidTicket('online-standard', 's@example.com');
    setClock(DURING);
    const res = await open(joinUrl(pro));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Ten bilet nie obejmuje dostępu online');
    expect((await open(joinUrl(standard, 'extra:networking'))).status).toBe(403);
    expect((await open(joinUrl(standard, 'workshop:promptLab'))).status).toBe(403);
    expect((await open(joinUrl(standard, 'nonsense'))).status).toBe(404);
  });

  it('records the first opening during the event once, and none before or after it', async () => {
    const holder = await paidTicket('online-vip');
    setClock(BEFORE);
    await open(joinUrl(holder));
    expect(await office().streamOpenedDuringEvent(holder.ticketId)).toBeNull();
    setClock(DURING);
    const first = await open(joinUrl(holder));
    expect(await first.text()).toContain('liczy się do certyfikatu');
    setClock(at(START + 5 * HOUR));
    await Promise.all([open(joinUrl(holder)), open(joinUrl(holder, 'track:technology'))]);
    expect(await office().streamOpenedDuringEvent(holder.ticketId)).toBe(DURING);
    const other = await paidTicket('online-standard', 'late@example.com');
    setClock(AFTER);
    await open(joinUrl(other));
    expect(await office().streamOpenedDuringEvent(other.ticketId)).toBeNull();
  });
});

describe('Cloudflare Stream viewer tokens', () => {
  it('signs a short-lived RS256 token per request that the public key verifies', async () => {
    await clearOnline();
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'key-1', alg: 'RS256' };
    const uid = 'a'.repeat(32);
    await setFeed('track:business', { kind: 'stream', uid });
    const holder = await paidTicket('online-standard');
    setClock(DURING);
    const stream = { STREAM_SIGNING_KEY_ID: 'key-1', STREAM_CUSTOMER_CODE: 'abc123' };
    for (const key of [btoa(JSON.stringify(jwk)), await exportPKCS8(privateKey)]) {
      const res = await open(joinUrl(holder), { ...stream, STREAM_SIGNING_KEY: key });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('Location') ?? '');
      expect(location.origin).toBe('https://customer-abc123.cloudflarestream.com');
      const [, token, page] = location.pathname.split('/');
      expect(page).toBe('iframe');
      const { payload, protectedHeader } = await jwtVerify(token ?? '', publicKey, {
        currentDate: new Date(DURING),
      });
      expect(protectedHeader).toEqual({ alg: 'RS256', kid: 'key-1' });
      expect(payload).toMatchObject({ sub: uid, kid: 'key-1' });
      expect(payload.exp).toBe(Math.floor(Date.parse(DURING) / 1000) + VIEWER_TOKEN_SECONDS);
      // Expired after its lifetime, and never valid under another key.
      await expect(
        jwtVerify(token ?? '', publicKey, {
          currentDate: new Date(Date.parse(DURING) + (VIEWER_TOKEN_SECONDS + 1) * 1000),
        }),
      ).rejects.toThrow(/exp/);
      const stranger = await generateKeyPair('RS256');
      await expect(jwtVerify(token ?? '', stranger.publicKey, { currentDate: new Date(DURING) })).rejects.toThrow();
    }
    // Two requests, two tokens: each is made per request.
    setClock(at(Date.parse(DURING) + 1000));
    const key = btoa(JSON.stringify(jwk));
    const a = (await open(joinUrl(holder), { ...stream, STREAM_SIGNING_KEY: key })).headers.get('Location');
    setClock(at(Date.parse(DURING) + 2000));
    const b = (await open(joinUrl(holder), { ...stream, STREAM_SIGNING_KEY: key })).headers.get('Location');
    expect(a).not.toBe(b);
  });
});

describe('where the join link leads without signing keys', () => {
  it('never shows the demo in production: it asks to come back until the feed is connected', async () => {
    await clearOnline();
    const holder = await paidTicket('online-standard');
    setClock(DURING);
    const production = { ENVIRONMENT: 'production', TICKET_KEY: ticketKey(env) } as Partial<Bindings>;
    const res = await open(joinUrl(holder), production);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Transmisja zaraz się zacznie');
    expect(text).not.toContain('Odtwarzacz demonstracyjny');
  });

  it('forwards a Stream uid to the unsigned player when only the customer code is set', async () => {
    await clearOnline();
    const uid = 'c'.repeat(32);
    await setFeed('track:business', { kind: 'stream', uid });
    const holder = await paidTicket('online-standard');
    setClock(DURING);
    const res = await open(joinUrl(holder), { STREAM_CUSTOMER_CODE: 'abc123' });
    expect(res.headers.get('Location')).toBe(`https://customer-abc123.cloudflarestream.com/${uid}/iframe`);
  });
});

describe('the online part of the ticket page', () => {
  it('lists the entitlements, the join link, recordings and online workshops for the holder’s secret only', async () => {
    await clearOnline();
    const holder = await paidTicket('online-premium');
    setClock(AFTER);
    const view = (await (
      await open(`${ORIGIN}/api/online/${holder.ticketId}?k=${holder.secret}`)
    ).json()) as OnlineAccessView;
    expect(view.product).toBe('online-premium');
    expect(view.phase.phase).toBe('recordings');
    expect(view.join).toBe(`/join/${holder.ticketId}?k=${holder.secret}`);
    expect(view.entitlements.find((e) => e.kind === 'recordings')).toMatchObject({
      state: 'open',
      opensAt: EVENT_ENDS,
    });
    expect(view.recordings.map((r) => r.id)).toContain('aiStrategy');
    expect(view.recordings.every((r) => r.href === null)).toBe(true);
    expect(view.workshops.map((w) => w.id)).toContain('promptLab');
    expect(view.extras.map((e) => e.kind)).toEqual(['networking']);
    expect((await open(`${ORIGIN}/api/online/${holder.ticketId}?k=wrong`)).status).toBe(404);
  });
});

describe('workshops for online plans', () => {
  it('answers a Premium holder with the online way instead of a bare refusal', async () => {
    const premium = await paidTicket('online-premium', 'premium@example.com');
    setClock('2027-05-02T12:00:00+02:00');
    const res = await postJson(
      '/api/workshops/promptLab/registrations',
      { email: 'premium@example.com', code: premium.code },
      { ip: nextIp(), bindings: noLimit },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'online_ticket', online: true });
    const standard = await paidTicket('online-standard', 'standard@example.com');
    const refused = await postJson(
      '/api/workshops/promptLab/registrations',
      { email: 'standard@example.com', code: standard.code },
      { ip: nextIp(), bindings: noLimit },
    );
    expect(await refused.json()).toEqual({ error: 'ticket_not_eligible' });
  });
});

describe('the console’s online settings', () => {
  const ADMIN = { Authorization: 'Bearer test-admin-token', 'Content-Type': 'application/json' };
  const admin = (path: string, init: RequestInit = {}) =>
    callWorker(new Request(`${ORIGIN}/api/admin/online${path}`, { ...init, headers: { ...ADMIN, ...init.headers } }));

  it('sets a track’s stream, refuses bad input with the field, and keeps materials for the holders’ period', async () => {
    await clearOnline();
    const bad = await admin('/sources/track:business/live', {
      method: 'PUT',
      body: JSON.stringify({ source: { kind: 'url', url: 'http://insecure.example' } }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: 'invalid_fields', fields: { 'source.url': 'https_url' } });
    expect((await admin('/sources/track:business/recording', { method: 'PUT', body: '{"source":null}' })).status).toBe(
      404,
    );
    const uid = 'b'.repeat(32);
    const ok = await admin('/sources/track:business/live', {
      method: 'PUT',
      body: JSON.stringify({ source: { kind: 'stream', uid } }),
    });
    expect(ok.status).toBe(200);
    const file = await callWorker(
      new Request(`${ORIGIN}/api/admin/online/materials/session:aiStrategy/files?title=Slajdy`, {
        method: 'POST',
        headers: { Authorization: ADMIN.Authorization, 'Content-Type': 'application/pdf' },
        body: new TextEncoder().encode('%PDF-1.4 slides'),
      }),
    );
    expect(file.status).toBe(201);
    const material = (await file.json()) as { id: number; value: string };
    expect(material.value).toMatch(/^material-[0-9a-f]{32}\.pdf$/);
    const listed = (await (await admin('')).json()) as { sources: Record<string, unknown>; materials: unknown[] };
    expect(listed.sources['track:business']).toEqual({ live: { kind: 'stream', uid } });
    expect(listed.materials).toHaveLength(1);
    // The holder downloads it through the join path, only in the plan's window.
    const holder = await paidTicket('online-standard');
    const path = `${ORIGIN}/join/${holder.ticketId}/materials/${material.id}?k=${holder.secret}`;
    setClock(DURING);
    const early = await open(path);
    expect(early.headers.get('Content-Disposition')).toBeNull();
    expect(await early.text()).toContain('Jeszcze nie teraz');
    setClock(AFTER);
    const download = await open(path);
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toContain('attachment');
    expect(new TextDecoder().decode(await download.arrayBuffer())).toBe('%PDF-1.4 slides');
    setClock(at(END + 31 * DAY));
    expect((await open(path)).status).toBe(410);
    expect((await open(`${ORIGIN}/join/${holder.ticketId}/materials/${material.id}?k=nope`)).status).toBe(404);
  });
});
