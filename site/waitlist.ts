// The waiting list (issue 47; pretix's waiting list is the model): a visitor leaves an e-mail on a
// sold-out product, confirms it by the link e-mailed to them, and when a place comes back the next
// confirmed person gets an offer: a single-use code for that product that keeps one place out of
// sale for a set period (24 hours unless organisers set another), with a link to decline. Pure
// rules and wire types both sides use.

/** How long an offer keeps its place unless organisers set another period (product decisions). */
export const DEFAULT_OFFER_HOURS = 24;
/** The shortest and longest offer period organisers may set, in hours. */
export const OFFER_HOURS_RANGE = { min: 1, max: 168 } as const;

/** The longest name and e-mail a sign-up keeps. */
export const WAITLIST_LIMITS = { name: 120, email: 254 } as const;

/**
 * An entry's states: `unconfirmed` until its link is opened (no offer before), `waiting` in the
 * queue, `offered` while an offer is open, then `bought`, `declined`, `expired` (the offer ran out
 * unused) or `removed` (by organisers). One person has one live entry per product.
 */
export const WAITLIST_STATES = [
  'unconfirmed',
  'waiting',
  'offered',
  'bought',
  'declined',
  'expired',
  'removed',
] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
/** The states in which a person is still on the list (a second sign-up is the same entry). */
export const LIVE_WAITLIST_STATES = ['unconfirmed', 'waiting', 'offered'] as const satisfies readonly WaitlistState[];

/** An offer's states: `open` while it keeps its place, then `bought`, `declined`, `expired` or `withdrawn`. */
export type OfferState = 'open' | 'bought' | 'declined' | 'expired' | 'withdrawn';

/** An offer as organisers and its page see it (times ISO). */
export type WaitlistOfferView = {
  id: string;
  entryId: string;
  product: string;
  /** The single-use code that buys its place (a voucher of tag `waitlist`). */
  code: string;
  state: OfferState;
  offeredAt: string;
  expiresAt: string;
  closedAt: string | null;
  /** The order that bought it, once one did (for a workshop, the order of the ticket that took the seat). */
  orderId: string | null;
  /** A workshop's offer: the workshop whose seat it keeps (no voucher then; the code only names it). */
  workshop: string | null;
};

/** An entry as organisers see it, with its offers (newest last) and, while waiting, its place in the queue. */
export type WaitlistEntryView = {
  id: string;
  product: string;
  email: string;
  name: string | null;
  lang: string;
  state: WaitlistState;
  /** A workshop's list: the workshop (the entry waits for a seat for its ticket); null for a product's. */
  workshop: string | null;
  /** The workshop's title, in the organisers' view. */
  workshopTitle?: string;
  createdAt: string;
  confirmedAt: string | null;
  /** 1 for the next person to get an offer; null unless waiting. */
  position: number | null;
  offers: WaitlistOfferView[];
};

/** What `GET /api/admin/waitlist` answers. */
export type WaitlistView = { offerHours: number; entries: WaitlistEntryView[] };

/** The server-rendered pages of the list: the sign-up, the confirmation and an offer. */
export const waitlistJoinPath = (product: string, langPrefix: string) =>
  `/waitlist/join?product=${encodeURIComponent(product)}&lang=${langPrefix}`;
export const waitlistConfirmPath = (entryId: string, token: string) => `/waitlist/confirm/${entryId}/${token}`;
export const waitlistOfferPath = (offerId: string, token: string) => `/waitlist/offer/${offerId}/${token}`;
