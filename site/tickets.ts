import { EVENT } from './event';

/**
 * Ticket plans and prices. Amounts are integers in grosze (1 PLN = 100 gr), net of VAT;
 * the checkout adds 23% VAT and charges the gross amount. The server takes prices only from here.
 */
export const CURRENCY = 'PLN';
export const VAT_RATE_PERCENT = 23;

export const PLAN_TYPES = ['standard', 'premium', 'vip'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Catalogue keys of plan features under `plans.features`. */
export type PlanFeature =
  | 'liveStream'
  | 'recordings30'
  | 'recordings365'
  | 'certificate'
  | 'onlineWorkshops'
  | 'networkingApp'
  | 'expertQa';

export type OnlinePlan = {
  type: PlanType;
  /** Net price in grosze. */
  net: number;
  /** The struck-through regular net price in grosze. */
  originalNet: number;
  recommended: boolean;
  /** Catalogue key of the label under `plans.labels`, shown on recommended plans. */
  label?: 'bestChoice' | 'limited';
  /** Catalogue keys of this plan's own features under `plans.features`. */
  features: readonly PlanFeature[];
};

/** The three online plans, the same in every language and purchasable on the site. */
export const ONLINE_PLANS: readonly OnlinePlan[] = [
  {
    type: 'standard',
    net: 299_00,
    originalNet: 599_00,
    recommended: false,
    features: ['liveStream', 'recordings30', 'certificate'],
  },
  {
    type: 'premium',
    net: 499_00,
    originalNet: 999_00,
    recommended: true,
    label: 'bestChoice',
    features: ['liveStream', 'recordings365', 'certificate', 'onlineWorkshops', 'networkingApp'],
  },
  {
    type: 'vip',
    net: 999_00,
    originalNet: 1999_00,
    recommended: true,
    label: 'limited',
    features: ['liveStream', 'recordings365', 'certificate', 'onlineWorkshops', 'networkingApp', 'expertQa'],
  },
];

/** Whether a product's plan card promises a feature (on-site tickets promise none of these). */
export const includesFeature = (product: string, feature: PlanFeature): boolean =>
  ONLINE_PLANS.some((plan) => `online-${plan.type}` === product && plan.features.includes(feature));

// The spec's "3 months of mentoring" and "1 year of e-learning" for every plan are gone: nothing
// delivers mentoring, and the e-learning is the speakers' materials, which come with the recordings
// for the plan's period (site/access.ts). Each feature here is delivered as site/access.ts says.

/** On-site tickets, sold in the same dialog as the plans (an order holds up to MAX_TICKETS of any mix). Net grosze. */
export const ONSITE_TICKETS = [
  { type: 'standard', net: 699_00, features: ['allTalks', 'expo', 'noWorkshops'] },
  { type: 'pro', net: 999_00, features: ['allTalks', 'expo', 'basicWorkshops'] },
  { type: 'vip', net: 1499_00, features: ['allTalks', 'expo', 'allWorkshops', 'vipAccess', 'speakersDinner'] },
] as const;

/** Net, VAT and gross of a net amount, rounded to whole grosze. */
export function priceBreakdown(net: number): { net: number; vat: number; gross: number } {
  const vat = Math.round((net * VAT_RATE_PERCENT) / 100);
  return { net, vat, gross: net + vat };
}

// ---------------------------------------------------------------------------------------------
// Products: what the box office sells, with stock, price windows and a sales window. The three
// online plans and the three on-site tickets, each bought at `POST /api/purchase/:id`.

/** Every product the shop sells; the id is the URL segment of its purchase call. */
export const PRODUCT_IDS = [
  'online-standard',
  'online-premium',
  'online-vip',
  'onsite-standard',
  'onsite-pro',
  'onsite-vip',
] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

/** Which workshops a ticket may register for (product-decisions: Pro basic level, VIP any). */
export type WorkshopAccess = 'none' | 'basic' | 'all';

/** A price from an instant on (ISO 8601 with offset); the last step that has begun applies. */
export type PriceStep = { from: string; net: number };

export type Product = {
  id: ProductId;
  mode: 'online' | 'onsite';
  /** Key of its name in the tickets catalogue (`plans.names.*` online, `onsite.names.*` on site). */
  nameKey: `plans.names.${PlanType}` | `onsite.names.${(typeof ONSITE_TICKETS)[number]['type']}`;
  /** Places of its own, or null where unlimited (it may still share a pool). */
  capacity: number | null;
  /** A capacity shared with other products (the arena's places). */
  pool?: 'arena';
  workshops: WorkshopAccess;
  /** Its prices over time, oldest first, net grosze. */
  prices: readonly PriceStep[];
};

/** Capacities shared by several products: every on-site ticket takes one of the arena's places. */
export const POOLS = { arena: 3500 } as const;

/** How long a pending order holds its places; the payment page expires at the same time. */
export const HOLD_MINUTES = 30;

/** When the shop opened for this edition, at the regular prices. */
export const SALES_OPEN = '2026-10-01T00:00:00+02:00';
/** When the online promotion began (more than 30 days after the regular prices were on sale). */
export const PROMOTION_FROM = '2026-11-01T00:00:00+01:00';
/** The promotion ends when the lists of speakers and exhibitors are published. */
export const PROMOTION_UNTIL = `${EVENT.listsPublishedOn}T00:00:00${EVENT.utcOffset}`;

/** The instant the event starts and ends (local hours at the venue). */
export const EVENT_STARTS = `${EVENT.date}T${EVENT.startTime}:00${EVENT.utcOffset}`;
export const EVENT_ENDS = `${EVENT.date}T${EVENT.endTime}:00${EVENT.utcOffset}`;

const onlinePrices = (plan: PlanType): readonly PriceStep[] => {
  const { net, originalNet } = ONLINE_PLANS.find((p) => p.type === plan) as OnlinePlan;
  return [
    { from: SALES_OPEN, net: originalNet },
    { from: PROMOTION_FROM, net },
    { from: PROMOTION_UNTIL, net: originalNet },
  ];
};
const onsitePrice = (type: (typeof ONSITE_TICKETS)[number]['type']): readonly PriceStep[] => [
  { from: SALES_OPEN, net: ONSITE_TICKETS.find((t) => t.type === type)?.net ?? 0 },
];

export const PRODUCTS: readonly Product[] = [
  {
    id: 'online-standard',
    mode: 'online',
    nameKey: 'plans.names.standard',
    capacity: null,
    workshops: 'none',
    prices: onlinePrices('standard'),
  },
  {
    id: 'online-premium',
    mode: 'online',
    nameKey: 'plans.names.premium',
    capacity: null,
    workshops: 'none',
    prices: onlinePrices('premium'),
  },
  {
    id: 'online-vip',
    mode: 'online',
    nameKey: 'plans.names.vip',
    capacity: 300,
    workshops: 'none',
    prices: onlinePrices('vip'),
  },
  {
    id: 'onsite-standard',
    mode: 'onsite',
    nameKey: 'onsite.names.standard',
    capacity: null,
    pool: 'arena',
    workshops: 'none',
    prices: onsitePrice('standard'),
  },
  {
    id: 'onsite-pro',
    mode: 'onsite',
    nameKey: 'onsite.names.pro',
    capacity: null,
    pool: 'arena',
    workshops: 'basic',
    prices: onsitePrice('pro'),
  },
  {
    id: 'onsite-vip',
    mode: 'onsite',
    nameKey: 'onsite.names.vip',
    capacity: 50,
    pool: 'arena',
    workshops: 'all',
    prices: onsitePrice('vip'),
  },
];

/** The spec's purchase path names the online plans by type (`/api/purchase/vip`). */
const PLAN_ALIASES: Readonly<Record<PlanType, ProductId>> = {
  standard: 'online-standard',
  premium: 'online-premium',
  vip: 'online-vip',
};

/** The product with an id (or an online plan's type), or undefined. */
export function findProduct(id: string): Product | undefined {
  const canonical = (PLAN_ALIASES as Record<string, ProductId>)[id] ?? id;
  return PRODUCTS.find((p) => p.id === canonical);
}

/** The product with an id that is known to exist. */
export function product(id: ProductId): Product {
  return findProduct(id) as Product;
}

/** When a product is on sale: on-site sales close when the event starts, online when it ends. */
export function salesWindow(p: Product): { opens: string; closes: string } {
  return { opens: SALES_OPEN, closes: p.mode === 'onsite' ? EVENT_STARTS : EVENT_ENDS };
}

/** Whether a product can be bought at an instant (its sales window, not its stock). */
export function onSaleAt(p: Product, now: number): boolean {
  const { opens, closes } = salesWindow(p);
  return now >= Date.parse(opens) && now < Date.parse(closes);
}

/**
 * A product's live state: on sale, sold out, or outside its sales window (`closed`), with the
 * places left (null where unlimited). The box office knows it; `GET /api/availability` answers it,
 * and the worker writes it into the pages that sell (worker/live-state.ts).
 */
export type ProductState = { id: ProductId; status: 'on_sale' | 'sold_out' | 'closed'; remaining: number | null };

/** Places left at or below which the shop says how many. */
export const FEW_LEFT = 50;

/** What a product's state is from its sales window alone: what is known without the box office. */
export function windowState(p: Product, now: number): ProductState {
  return { id: p.id, status: onSaleAt(p, now) ? 'on_sale' : 'closed', remaining: p.capacity };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which of a product's price steps is in force at an instant (the first one before it begins). */
export function priceStepAt(p: Product, now: number): number {
  let index = 0;
  p.prices.forEach((step, i) => {
    if (Date.parse(step.from) <= now) index = i;
  });
  return index;
}

/**
 * The pages show every price step of a product, each marked with this attribute (`<id>@<step>`);
 * the steps not in force carry PRICE_STEP_INACTIVE and are not shown. The build marks them for its
 * own moment; the worker marks them again for the moment of each request (worker/live-state.ts),
 * so a page shows the price of the moment without a new build when a promotion ends.
 */
export const PRICE_STEP = 'data-price-step';
export const PRICE_STEP_INACTIVE = 'data-price-inactive';
export const priceStepKey = (id: ProductId, step: number) => `${id}@${step}`;

/** The product and step a PRICE_STEP value names, or null. */
export function parsePriceStep(value: string): { product: Product; step: number } | null {
  const [id, step] = value.split('@');
  const item = findProduct(id ?? '');
  const index = Number(step);
  return item && Number.isInteger(index) && index >= 0 && index < item.prices.length
    ? { product: item, step: index }
    : null;
}

/**
 * A product's price at an instant, as the EU Omnibus rule asks a reduction to be shown: the price,
 * the regular price it is reduced from, the lowest price of the 30 days before the reduction began,
 * and when the price rises. Outside the sales window the first or last price applies.
 */
export function priceAt(
  p: Product,
  now: number,
): { net: number; regularNet?: number; lowest30DaysNet?: number; risesOn?: string } {
  const steps = p.prices.map((step) => ({ ...step, at: Date.parse(step.from) }));
  const index = priceStepAt(p, now);
  const current = steps[index] as (typeof steps)[number];
  const next = steps[index + 1];
  const regular = steps.find((step) => step.net > current.net && step.at < current.at);
  const result: ReturnType<typeof priceAt> = { net: current.net };
  if (regular) {
    result.regularNet = regular.net;
    // The lowest price in force at any moment of the 30 days before this reduction began.
    const windowStart = current.at - 30 * DAY_MS;
    const before = steps.filter((step, i) => step.at < current.at && (steps[i + 1]?.at ?? current.at) > windowStart);
    result.lowest30DaysNet = Math.min(...before.map((step) => step.net));
  }
  if (next && next.net > current.net) result.risesOn = next.from;
  return result;
}
