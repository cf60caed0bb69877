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

/** Features every online plan includes (spec: 3 months of mentoring, 1 year of e-learning). */
export const COMMON_FEATURES = ['mentoring3Months', 'elearning1Year'] as const;

/** On-site tickets: shown as a price list; sold through the contact page. Net grosze. */
export const ONSITE_TICKETS = [
  { type: 'standard', net: 699_00, features: ['allTalks', 'expo', 'noWorkshops'] },
  { type: 'pro', net: 999_00, features: ['allTalks', 'expo', 'basicWorkshops'] },
  { type: 'vip', net: 1499_00, features: ['allTalks', 'expo', 'allWorkshops', 'vipAccess', 'speakersDinner'] },
] as const;

/** The online plan of a type, or undefined for anything else. */
export function findPlan(type: string): OnlinePlan | undefined {
  return ONLINE_PLANS.find((p) => p.type === type);
}

/** Net, VAT and gross of a net amount, rounded to whole grosze. */
export function priceBreakdown(net: number): { net: number; vat: number; gross: number } {
  const vat = Math.round((net * VAT_RATE_PERCENT) / 100);
  return { net, vat, gross: net + vat };
}
