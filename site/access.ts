import { EVENT_ENDS, EVENT_STARTS, type PlanFeature, type ProductId } from './tickets';

/**
 * What a ticket gives online and when (product decisions, "Content, attendees" and "After the
 * payment"): the stream of each track during the event's hours on the event day for the online
 * plans and on-site VIP; recordings, with the speakers' materials (the plans' e-learning), from the
 * end of the event for 30 days (online Standard) or 365 days (Premium, VIP, on-site VIP); the
 * workshops online (their stream, recording and materials) for the plans that promise them; the
 * networking app and the experts' Q&A during the event's hours for the plans that promise them.
 * Pure: the worker's join link and the ticket page both read it, at the instant of the request.
 */

/** Something a ticket gives, as the ticket page lists it (texts under `delivery:online.kinds.*`). */
export type EntitlementKind =
  | 'venue'
  | 'workshopSeats'
  | 'stream'
  | 'recordings'
  | 'materials'
  | 'onlineWorkshops'
  | 'networking'
  | 'expertQa'
  | 'certificate';

/** Before its window, inside it, or after it. */
export type EntitlementState = 'upcoming' | 'open' | 'over';

/** One thing a ticket gives, with its window (ISO instants; `until` null: no end) and its state now. */
export type Entitlement = { kind: EntitlementKind; state: EntitlementState; opensAt: string; until: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days of recordings (and materials) after the end of the event, per product that has them. */
export const RECORDING_DAYS: Readonly<Partial<Record<ProductId, number>>> = {
  'online-standard': 30,
  'online-premium': 365,
  'online-vip': 365,
  'onsite-vip': 365,
};

/** Products that watch the tracks' streams during the event. */
const STREAM: ReadonlySet<ProductId> = new Set(['online-standard', 'online-premium', 'online-vip', 'onsite-vip']);
/** Online plans whose workshops are online (their stream, recording and materials). */
export const ONLINE_WORKSHOPS: ReadonlySet<ProductId> = new Set(['online-premium', 'online-vip']);
/** Online plans with 1:1 networking in the congress app on the event day. */
const NETWORKING: ReadonlySet<ProductId> = new Set(['online-premium', 'online-vip']);
/** Online plans with the experts' Q&A in small groups on the event day. */
const EXPERT_QA: ReadonlySet<ProductId> = new Set(['online-vip']);

/** The instant a product's recordings close, or null where it has none. */
export function recordingsUntil(product: ProductId): string | null {
  const days = RECORDING_DAYS[product];
  return days === undefined ? null : new Date(Date.parse(EVENT_ENDS) + days * DAY_MS).toISOString();
}

function stateAt(now: number, opensAt: string, until: string | null): EntitlementState {
  if (now < Date.parse(opensAt)) return 'upcoming';
  return until === null || now < Date.parse(until) ? 'open' : 'over';
}

/** Everything a product gives, each with its window and its state at `now`, in the order the ticket page lists them. */
export function accessOf(product: ProductId, now: number): Entitlement[] {
  const onsite = product.startsWith('onsite-');
  const recordings = recordingsUntil(product);
  const windows: [EntitlementKind, string, string | null][] = [];
  if (onsite) windows.push(['venue', EVENT_STARTS, EVENT_ENDS]);
  if (product === 'onsite-pro' || product === 'onsite-vip') windows.push(['workshopSeats', EVENT_STARTS, EVENT_ENDS]);
  if (STREAM.has(product)) windows.push(['stream', EVENT_STARTS, EVENT_ENDS]);
  if (recordings) windows.push(['recordings', EVENT_ENDS, recordings], ['materials', EVENT_ENDS, recordings]);
  if (ONLINE_WORKSHOPS.has(product)) windows.push(['onlineWorkshops', EVENT_STARTS, recordings]);
  if (NETWORKING.has(product)) windows.push(['networking', EVENT_STARTS, EVENT_ENDS]);
  if (EXPERT_QA.has(product)) windows.push(['expertQa', EVENT_STARTS, EVENT_ENDS]);
  // Issued after the event to those who attended (checked in, or opened the stream during it).
  windows.push(['certificate', EVENT_ENDS, null]);
  return windows.map(([kind, opensAt, until]) => ({ kind, state: stateAt(now, opensAt, until), opensAt, until }));
}

/** The entitlement of a kind, when the product has it. */
export const entitlement = (product: ProductId, kind: EntitlementKind, now: number): Entitlement | undefined =>
  accessOf(product, now).find((e) => e.kind === kind);

/** What the join link is, at an instant, for a product (`none`: the ticket has no online access). */
export type JoinPhase =
  | { phase: 'none' }
  | { phase: 'before'; opensAt: string }
  | { phase: 'live'; until: string }
  | { phase: 'recordings'; until: string }
  | { phase: 'over'; closedAt: string };

/**
 * Where a ticket's join link leads at `now`: nowhere yet (the stream opens at the event's start),
 * the live streams during the event, the recordings after it for the product's period, then over.
 * A product with recordings but no stream (none today) would open at the end of the event.
 */
export function joinPhase(product: ProductId, now: number): JoinPhase {
  const stream = STREAM.has(product);
  const recordings = recordingsUntil(product);
  if (!stream && !recordings) return { phase: 'none' };
  const opensAt = stream ? EVENT_STARTS : EVENT_ENDS;
  if (now < Date.parse(opensAt)) return { phase: 'before', opensAt };
  if (stream && now < Date.parse(EVENT_ENDS)) return { phase: 'live', until: EVENT_ENDS };
  if (recordings && now < Date.parse(recordings)) return { phase: 'recordings', until: recordings };
  return { phase: 'over', closedAt: recordings ?? EVENT_ENDS };
}

/** Whether an instant is inside the event's hours (an opening then earns the certificate). */
export const duringEvent = (now: number) => now >= Date.parse(EVENT_STARTS) && now < Date.parse(EVENT_ENDS);

/** What the join link may be asked for (`?to=`): a track's stream, a session's recording, a workshop, an extra. */
export type JoinTarget =
  | `track:${string}`
  | `session:${string}`
  | `workshop:${string}`
  | `extra:${'networking' | 'expertQa'}`;

/**
 * A ticket's join link: a language-neutral path with the ticket's link secret (worker/tickets/
 * page-link.ts), optionally naming what to open; the worker decides at each request where it leads.
 */
export function joinHref(ticketId: string, secret: string, to?: JoinTarget): string {
  const query = new URLSearchParams({ k: secret });
  if (to) query.set('to', to);
  return `/join/${encodeURIComponent(ticketId)}?${query}`;
}

/** The tracks whose streams a holder may choose, in the programme's order. */
export const TRACK_IDS = ['business', 'technology'] as const;

/**
 * What a ticket's online access is at `now` from its product and its join path alone: what it
 * gives, the join link's phase, the join link and one per track for a plan with the stream. The
 * worker adds the recordings, workshops and extras from its stores (worker/online/view.ts).
 */
export function joinLinks(
  ticket: { id: string; product: ProductId },
  secret: string,
  now: number,
): Pick<OnlineAccessView, 'product' | 'now' | 'entitlements' | 'phase' | 'join' | 'tracks'> {
  const phase = joinPhase(ticket.product, now);
  const entitlements = accessOf(ticket.product, now);
  const stream = entitlements.some((e) => e.kind === 'stream');
  return {
    product: ticket.product,
    now: new Date(now).toISOString(),
    entitlements,
    phase,
    join: phase.phase === 'none' ? null : joinHref(ticket.id, secret),
    tracks: stream ? TRACK_IDS.map((id) => ({ id, href: joinHref(ticket.id, secret, `track:${id}`) })) : [],
  };
}

/** A material of a session or a workshop, as the holder's page links it (through the join path). */
export type MaterialLink = { id: number; title: string; kind: 'file' | 'link'; href: string };

/**
 * What the ticket page's online part shows (client/components/online-access.tsx), as
 * `GET /api/online/:ticketId?k=` answers it: the product's entitlements with their states, the join
 * link and one per track, the recordings with their materials, the online workshops and the extras.
 * Lists are empty where the product has none of them; hrefs are the holder's own join paths.
 */
export type OnlineAccessView = {
  product: ProductId;
  /** The instant the states were worked out at. */
  now: string;
  entitlements: Entitlement[];
  phase: JoinPhase;
  /** The join link (forwards to the current stream, or lists the recordings after the event); null without online access. */
  join: string | null;
  /** One join link per track, for the stream of a chosen track. */
  tracks: { id: string; href: string }[];
  /** Sessions in time order: the recording's link once organisers set one, and the session's materials. */
  recordings: {
    id: string;
    title: string;
    track: string;
    start: string;
    end: string;
    href: string | null;
    materials: MaterialLink[];
  }[];
  /** The workshops the plan takes part in online: the stream's and the recording's link, the materials. */
  workshops: { id: string; title: string; liveHref: string; recordingHref: string | null; materials: MaterialLink[] }[];
  /** The plan's extras (networking app, experts' Q&A): their links. */
  extras: { kind: 'networking' | 'expertQa'; href: string }[];
};

/**
 * Which entitlement delivers each feature a plan's card promises (site/tickets.ts `PlanFeature`):
 * a promise with no entitlement here would be one nothing delivers (a test holds every plan to it).
 */
export const FEATURE_DELIVERY = {
  liveStream: 'stream',
  recordings30: 'recordings',
  recordings365: 'recordings',
  certificate: 'certificate',
  onlineWorkshops: 'onlineWorkshops',
  networkingApp: 'networking',
  expertQa: 'expertQa',
} as const satisfies Record<PlanFeature, EntitlementKind>;
