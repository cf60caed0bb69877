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
};

export const PARTNER_PACKAGES: readonly PartnerPackage[] = [
  { tier: 'silver', boothM2: 6, talks: 2, features: ['logoInMaterials'], highlighted: false },
  { tier: 'gold', boothM2: 12, talks: 4, features: ['logoInMaterials', 'vipAccess'], highlighted: true },
  {
    tier: 'platinum',
    boothM2: 24,
    talks: 6,
    features: ['logoInMaterials', 'vipAccess', 'dedicatedPr'],
    highlighted: false,
  },
];
