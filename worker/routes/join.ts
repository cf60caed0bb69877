import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { duringEvent, entitlement, joinPhase, ONLINE_WORKSHOPS, TRACK_IDS } from '../../site/access';
import { ORGANISER } from '../../site/event';
import { formatDateTime } from '../../site/format';
import { DEFAULT_LANGUAGE, findLanguage, type LanguageCode } from '../../site/languages';
import type { Order } from '../../site/orders';
import { EVENT_ENDS, EVENT_STARTS, findProduct, type ProductId } from '../../site/tickets';
import { boxOffice } from '../box-office/box-office';
import type { TicketRow } from '../box-office/schema';
import { now } from '../clock';
import { publishedChanged } from '../content/pages';
import { textsIn } from '../content/schema';
import { prepareStore } from '../content/seed';
import { getRecord } from '../content/store';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { ID_PATTERN } from '../ids';
import { joinPage, onlineTexts } from '../online/pages';
import { getMaterial, getSource, listSources, type Source } from '../online/store';
import { playerUrl, streamSigning, viewerToken } from '../online/stream-token';
import { onlineAccessView } from '../online/view';
import { fill, productName } from '../texts';
import { ticketKey } from '../tickets/code';
import { ticketLinkMatches } from '../tickets/page-link';

type Holder = { ticket: TicketRow; order: Order; product: ProductId; lang: LanguageCode };

/**
 * The ticket a join link names, when its secret is the ticket's current one and its order is paid;
 * else null. A foreign ticket, a reissued ticket's old link, a wrong or missing secret, an unpaid or
 * cancelled order: all the same null, so the answer says nothing about which.
 */
async function openTicket(c: Context<AppEnv>): Promise<Holder | null> {
  const ticketId = c.req.param('ticketId') ?? '';
  const secret = c.req.query('k') ?? '';
  if (!ID_PATTERN.test(ticketId) || !secret || secret.length > 64) return null;
  const found = await boxOffice(c.env.BOX_OFFICE).ticketWithOrder(ticketId);
  if (found?.order.status !== 'paid') return null;
  if (!(await ticketLinkMatches(ticketKey(c.env), found.ticket, secret))) return null;
  const product = findProduct(found.ticket.product)?.id;
  return product ? { ...found, product, lang: found.order.lang } : null;
}

/** A join page's answer: never cached, never indexed, never sending the link (with its secret) on. */
function page(c: Context<AppEnv>, status: 200 | 403 | 404 | 410, body: ReturnType<typeof joinPage>) {
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(body, status);
}

/** The link works for nobody: one answer for every reason, in the visitor's language. */
function nothing(c: Context<AppEnv>) {
  const lang = findLanguage(getCookie(c, 'i18nextLng'))?.code ?? DEFAULT_LANGUAGE;
  const t = onlineTexts(lang).page;
  return page(c, 404, joinPage(lang, { title: t.notFoundTitle, text: fill(t.notFound, { email: ORGANISER.email }) }));
}

const when = (lang: LanguageCode, iso: string) => formatDateTime(lang, iso);

/** The holder's product by name, in their language (an id no product has reads as the standard online one). */
const productOf = (holder: Holder) =>
  productName(holder.lang, findProduct(holder.product) ?? { nameKey: 'plans.names.standard', mode: 'online' });

function before(c: Context<AppEnv>, holder: Holder, at: string) {
  const t = onlineTexts(holder.lang).page;
  return page(
    c,
    200,
    joinPage(holder.lang, { title: t.beforeTitle, text: fill(t.before, { at: when(holder.lang, at) }) }),
  );
}

function over(c: Context<AppEnv>, holder: Holder, at: string) {
  const t = onlineTexts(holder.lang).page;
  const product = productOf(holder);
  return page(
    c,
    410,
    joinPage(holder.lang, { title: t.overTitle, text: fill(t.over, { at: when(holder.lang, at), product }) }),
  );
}

function notIncluded(c: Context<AppEnv>, holder: Holder, none = false) {
  const t = onlineTexts(holder.lang).page;
  const product = productOf(holder);
  return page(
    c,
    403,
    joinPage(holder.lang, {
      title: none ? t.noneTitle : t.notIncludedTitle,
      text: fill(none ? t.none : t.notIncluded, { product }),
    }),
  );
}

/**
 * Forwards to a source: a Stream uid with a viewer token signed for this request (when the keys
 * are configured), a Stream uid that needs none, or an organiser's address. Without a source:
 * locally the demo player, which says what a viewer would see; in production a page asking to come
 * back in a moment (the organisers may connect the feed at any time, and the same link then works).
 */
async function forward(c: Context<AppEnv>, holder: Holder, source: Source | null, target: string, recorded: boolean) {
  const at = now(c);
  let location: string | null = null;
  if (source?.kind === 'url') location = source.url;
  if (source?.kind === 'stream') {
    const signing = await streamSigning(c.env);
    if (signing) location = playerUrl(signing.customerCode, await viewerToken(signing, source.uid, at));
    else if (c.env.STREAM_CUSTOMER_CODE) location = playerUrl(c.env.STREAM_CUSTOMER_CODE, source.uid);
  }
  if (location) {
    c.header('Cache-Control', 'private, no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(location, 302);
  }
  const t = onlineTexts(holder.lang).page;
  if (c.env.ENVIRONMENT === 'production') {
    return page(c, 200, joinPage(holder.lang, { title: t.waitingTitle, text: t.waiting }));
  }
  return page(
    c,
    200,
    joinPage(holder.lang, {
      badge: t.demoBadge,
      title: fill(t.demoTitle, { target }),
      text: t.demo,
      note: recorded ? t.recorded : undefined,
      player: true,
    }),
  );
}

/** A published session's or workshop's title in the holder's language, or null when it is not published. */
async function publishedTitle(db: D1Database, kind: 'sessions' | 'workshops', id: string, lang: LanguageCode) {
  const record = await getRecord(db, kind, id);
  const fields = record?.published as { texts: { pl: { title: string } } } | null | undefined;
  return fields ? textsIn(fields.texts, lang).title : null;
}

/** The store seeded (locally) and its due publications made before anything reads it, as for any read. */
const storeReady = createMiddleware<AppEnv>(async (c, next) => {
  const at = now(c);
  if (await prepareStore(c.env.CONTENT_DB, at, c.env.ENVIRONMENT))
    c.executionCtx.waitUntil(publishedChanged(c.env, at));
  await next();
});

/** Records the first opening during the event (for the certificate); whether this ticket has one now. */
async function recordOpening(c: Context<AppEnv>, holder: Holder, target: string): Promise<boolean> {
  const at = now(c);
  if (!duringEvent(at)) return false;
  await boxOffice(c.env.BOX_OFFICE).recordStreamOpening(holder.ticket.id, target, at);
  return true;
}

/**
 * A ticket's join link, `/join/:ticketId?k=<secret>[&to=<target>]` (site/access.ts `joinHref`): one
 * per ticket, in its holder's page, never in an e-mail. Each request checks the secret, the order's
 * payment and the plan's window at the request's time, then forwards (302, no-store) to the current
 * stream during the event or to a recording after it, or answers a page that says when it opens,
 * that it is over, or that the plan does not include it. Opening a stream during the event's hours
 * is recorded once per ticket (it earns the certificate). `to` names a track (`track:technology`), a
 * session's recording, a workshop, or an extra (`extra:networking`); without it, the first track's
 * stream during the event and the list of recordings after it.
 */
export const join = new Hono<AppEnv>()
  .use('*', storeReady)
  .get('/:ticketId', async (c) => {
    const holder = await openTicket(c);
    if (!holder) return nothing(c);
    const at = now(c);
    const lang = holder.lang;
    const t = onlineTexts(lang);
    const to = c.req.query('to') ?? '';
    const match = to.match(/^(track|session|workshop|extra):([A-Za-z0-9-]{1,64})$/);
    if (to && !match) return nothing(c);
    const [kind, id] = match ? [match[1], match[2] as string] : ['track', ''];
    const phase = joinPhase(holder.product, at);
    if (phase.phase === 'none') return notIncluded(c, holder, true);

    if (kind === 'extra') {
      if (id !== 'networking' && id !== 'expertQa') return nothing(c);
      const right = entitlement(holder.product, id, at);
      if (!right) return notIncluded(c, holder);
      if (right.state === 'upcoming') return before(c, holder, right.opensAt);
      if (right.state === 'over') return over(c, holder, right.until ?? EVENT_ENDS);
      return forward(c, holder, await getSource(c.env.CONTENT_DB, `extra:${id}`, 'live'), t.targets[id], false);
    }

    if (kind === 'workshop') {
      if (!ONLINE_WORKSHOPS.has(holder.product)) return notIncluded(c, holder);
      const title = await publishedTitle(c.env.CONTENT_DB, 'workshops', id, lang);
      if (title === null) return nothing(c);
      if (phase.phase === 'before') return before(c, holder, phase.opensAt);
      if (phase.phase === 'over') return over(c, holder, phase.closedAt);
      if (phase.phase === 'live') {
        const recorded = await recordOpening(c, holder, `workshop:${id}`);
        const source = await getSource(c.env.CONTENT_DB, `workshop:${id}`, 'live');
        return forward(c, holder, source, fill(t.targets.workshopLive, { name: title }), recorded);
      }
      const source = await getSource(c.env.CONTENT_DB, `workshop:${id}`, 'recording');
      return forward(c, holder, source, fill(t.targets.workshopRecording, { name: title }), false);
    }

    if (kind === 'session') {
      const right = entitlement(holder.product, 'recordings', at);
      if (!right) return notIncluded(c, holder);
      const title = await publishedTitle(c.env.CONTENT_DB, 'sessions', id, lang);
      if (title === null) return nothing(c);
      if (right.state === 'upcoming') return before(c, holder, right.opensAt);
      if (right.state === 'over') return over(c, holder, right.until ?? EVENT_ENDS);
      const source = await getSource(c.env.CONTENT_DB, `session:${id}`, 'recording');
      return forward(c, holder, source, fill(t.targets.recording, { name: title }), false);
    }

    // A track's stream (the first track's without `to`), or after the event the recordings.
    if (id && !(TRACK_IDS as readonly string[]).includes(id)) return nothing(c);
    if (phase.phase === 'before') return before(c, holder, phase.opensAt);
    if (phase.phase === 'over') return over(c, holder, phase.closedAt);
    if (phase.phase === 'live') {
      // Without a choice, the first track that has a stream now (the programme's order), else the first.
      const sources = id ? {} : await listSources(c.env.CONTENT_DB);
      const track = id || (TRACK_IDS.find((t) => sources[`track:${t}`]?.live) ?? TRACK_IDS[0]);
      const recorded = await recordOpening(c, holder, `track:${track}`);
      const source = await getSource(c.env.CONTENT_DB, `track:${track}`, 'live');
      const name = t.tracks[track as (typeof TRACK_IDS)[number]];
      return forward(c, holder, source, fill(t.targets.track, { name }), recorded);
    }
    const secret = c.req.query('k') ?? '';
    const ticket = { id: holder.ticket.id, product: holder.product };
    const view = await onlineAccessView(c.env.CONTENT_DB, ticket, secret, lang, at);
    const links = view.recordings.flatMap((r) => (r.href ? [{ href: r.href, label: r.title }] : []));
    return page(
      c,
      200,
      joinPage(lang, {
        title: t.page.recordingsTitle,
        text: links.length ? fill(t.page.recordingsLead, { until: when(lang, phase.until) }) : t.page.noRecordings,
        links,
      }),
    );
  })
  .get('/:ticketId/materials/:id{[0-9]{1,9}}', async (c) => {
    const holder = await openTicket(c);
    if (!holder) return nothing(c);
    const material = await getMaterial(c.env.CONTENT_DB, Number(c.req.param('id')));
    if (!material) return nothing(c);
    const at = now(c);
    // A session's materials come with its recordings; a workshop's with the online workshop, from its start.
    const right = material.subject.startsWith('workshop:')
      ? ONLINE_WORKSHOPS.has(holder.product)
        ? entitlement(holder.product, 'onlineWorkshops', at)
        : undefined
      : entitlement(holder.product, 'materials', at);
    if (!right) return notIncluded(c, holder);
    if (right.state === 'upcoming') return before(c, holder, right.opensAt);
    if (right.state === 'over') return over(c, holder, right.until ?? EVENT_STARTS);
    c.header('Cache-Control', 'private, no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (material.kind === 'link') return c.redirect(material.value, 302);
    const object = await c.env.CONTENT_IMAGES.get(material.value);
    if (!object) throw new ApiError(404, 'not_found');
    const headers = new Headers({
      'Content-Type': material.type ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${material.value}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    return new Response(object.body, { headers });
  });

/**
 * `GET /api/online/:ticketId?k=<secret>`: the online part of the holder's ticket page
 * (site/access.ts `OnlineAccessView`), for the same secret as the join link; 404 for anything else.
 */
export const onlineView = new Hono<AppEnv>().use('*', storeReady).get('/:ticketId', async (c) => {
  const holder = await openTicket(c);
  if (!holder) throw new ApiError(404, 'not_found');
  c.header('Cache-Control', 'private, no-store');
  const view = await onlineAccessView(
    c.env.CONTENT_DB,
    { id: holder.ticket.id, product: holder.product },
    c.req.query('k') ?? '',
    holder.lang,
    now(c),
  );
  return c.json(view);
});
