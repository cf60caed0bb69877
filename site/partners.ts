import type { ProductId } from './tickets';

/** Partnership packages (spec: Silver, Gold, Platinum). Prices are agreed individually. */
export const PARTNER_FEATURES = ['logoInMaterials', 'vipAccess', 'dedicatedPr'] as const;
export type PartnerFeature = (typeof PARTNER_FEATURES)[number];

export type PartnerPackage = {
  tier: 'silver' | 'gold' | 'platinum';
  /** Exhibition booth area in square metres. */
  boothM2: number;
  /** Speaking slots in the programme. */
  talks: number;
  features: readonly PartnerFeature[];
  /** Shown as the suggested package. */
  highlighted: boolean;
  /**
   * The free tickets the package gives, per product: the partner's contact names their holders
   * (site/comps.ts, the allotment). Gold and Platinum include VIP access: their VIP places.
   */
  tickets: Readonly<Partial<Record<ProductId, number>>>;
};

export const PARTNER_PACKAGES: readonly PartnerPackage[] = [
  {
    tier: 'silver',
    boothM2: 6,
    talks: 2,
    features: ['logoInMaterials'],
    highlighted: false,
    tickets: { 'onsite-standard': 4 },
  },
  {
    tier: 'gold',
    boothM2: 12,
    talks: 4,
    features: ['logoInMaterials', 'vipAccess'],
    highlighted: true,
    tickets: { 'onsite-standard': 6, 'onsite-vip': 2 },
  },
  {
    tier: 'platinum',
    boothM2: 24,
    talks: 6,
    features: ['logoInMaterials', 'vipAccess', 'dedicatedPr'],
    highlighted: false,
    tickets: { 'onsite-standard': 10, 'onsite-vip': 4, 'online-vip': 4 },
  },
];
