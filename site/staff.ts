/**
 * Staff and their roles (product decisions, 2026-11-25): admin (everything), finance (orders,
 * refunds, invoices, transfers), content (publishing), door (check-in only). No role sees more
 * personal data than its work needs. The worker enforces them per route (worker/middleware/roles.ts);
 * the console shows only the screens a role may use.
 */
export const STAFF_ROLES = ['admin', 'finance', 'content', 'door'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether a text is a role's name. */
export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * Who is asking, as the worker verified it: a person's own token (`token`), a Cloudflare Access
 * sign-in (`access`, the name is the e-mail) or the deployment's bootstrap ADMIN_TOKEN (`bootstrap`).
 * `name` is what every log and history records.
 */
export type StaffIdentity = { name: string; role: StaffRole; via: 'token' | 'access' | 'bootstrap'; id: string | null };

/** A person with a console token, as admins see them (never the token). */
export type StaffMember = {
  id: string;
  name: string;
  role: StaffRole;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
};

/** One change made through the organisers' API: who, with which role, what, and how it ended. */
export type StaffLogEntry = {
  seq: number;
  at: string;
  actor: string;
  role: StaffRole;
  method: string;
  path: string;
  status: number;
  detail: string | null;
};

/** How long the staff log keeps an entry (product decisions: two years). */
export const STAFF_LOG_RETENTION_MS = 730 * 24 * 60 * 60 * 1000;
