import type { StaffRole } from '../../site/staff';

/**
 * Which console screens each role uses, as the API allows them (worker/middleware/roles.ts; the
 * API refuses the rest with 403 whatever the console shows). Admin uses every screen.
 */
export const SCREEN_ROLES = {
  dashboard: ['finance'],
  orders: ['finance'],
  invoices: ['finance'],
  transfers: ['finance'],
  // Refunds owed by transfer and the OSS report: finance's, as their API (worker/routes/admin.ts, reports.ts).
  refunds: ['finance'],
  oss: ['finance'],
  holds: ['finance'],
  vouchers: ['finance'],
  waitlist: ['finance'],
  messages: [],
  content: ['content'],
  news: ['content'],
  online: ['content'],
  door: ['door'],
  staff: [],
  // Free tickets and partner allotments: admin only, as the API (worker/routes/comps.ts).
  comps: [],
  // One person's data: export and erasure by address, admin only (worker/routes/personal-data.ts).
  dataRequests: [],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Screen = keyof typeof SCREEN_ROLES;

/** Whether `role` uses `screen`. */
export const mayUse = (role: StaffRole | undefined, screen: Screen): boolean =>
  role === 'admin' || (role !== undefined && (SCREEN_ROLES[screen] as readonly StaffRole[]).includes(role));
