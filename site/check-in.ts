import type { OrderStatus } from './orders';
import { PRODUCTS, type ProductId } from './tickets';
import { WORKSHOPS } from './workshops';

// Check-in lists (pretix's model): each door checks tickets against a list of its own, and a
// ticket is admitted once per list unless the list allows re-entry. What the worker stores
// (worker/box-office/check-in.ts), what the console and the offline door read.

/** What a list is for: the default lists' kinds, and organisers' own. */
export type CheckInListKind = 'entrance' | 'workshop' | 'dinner' | 'gala' | 'custom';

/** A scan's direction: entering, or leaving through a door of a list that allows re-entry. */
export type ScanDirection = 'in' | 'out';

/** A check-in list: which tickets it admits, when, and whether they may leave and come back. */
export type CheckInList = {
  /** `entrance`, `workshop-promptLab`, `vip-dinner`, `gala`, or an organiser's `list-…`. */
  id: string;
  kind: CheckInListKind;
  /** An organiser's name for the list; the default lists are named by the console's catalogue. */
  name: string | null;
  /** The on-site products it admits (none for a workshop room, which admits its seat holders). */
  products: ProductId[];
  /** The workshop whose seat holders it admits, or null. */
  workshopId: string | null;
  /** Whether tickets invited to this list (`check_in_guests`) are admitted whatever their product. */
  guests: boolean;
  /** When it starts and stops admitting (ISO instants), or null for no limit. */
  opensAt: string | null;
  closesAt: string | null;
  /** Whether holders may leave (scan out) and enter again; else one admission per ticket. */
  reentry: boolean;
};

/** A list with its figures, as `GET /api/admin/check-in/lists` answers it. */
export type CheckInListStats = CheckInList & {
  /** Tickets admitted on this list (each once, undone scans not counted). */
  admitted: number;
  /** Tickets inside now: admitted and not scanned out since. */
  insideNow: number;
  /** Second admissions by offline doors, recorded for the console. */
  conflicts: number;
};

/** Why a list does not admit a ticket. */
export const REFUSAL_REASONS = [
  /** An online plan: online tickets are never admitted to the venue. */
  'online_ticket',
  /** A product this list does not admit (and the ticket is not invited). */
  'product',
  /** A workshop room: the ticket holds no seat in it. */
  'no_seat',
  /** An order that is not paid (awaiting payment, cancelled, refunded, expired): see `status`. */
  'not_paid',
  /** The code of a ticket given to another holder since: only its new code admits. */
  'reissued',
  /** Before the list opens, or after it closes. */
  'not_open',
  'closed',
  /** A scan out at a list that allows no re-entry, or of a ticket that is not inside. */
  'no_exits',
  'not_inside',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What a scan came to. `admitted` and `exited` count; the rest are recorded and count nothing. */
export type ScanResult = 'admitted' | 'exited' | 'already' | 'conflict' | 'not_valid' | 'unknown';

/** The holder and product the door shows (never the buyer's invoice data). */
export type ScannedTicket = {
  id: string;
  code: string;
  product: ProductId;
  name: string | null;
  email: string | null;
  position: number;
  orderCode: string;
  tickets: number;
};

/** A scan's answer, the same every time its nonce comes again. */
export type ScanAnswer = {
  scan: number;
  result: ScanResult;
  list: string;
  direction: ScanDirection;
  /** When the scan happened (the device's own time for an offline scan). */
  at: string;
  device: string | null;
  nonce: string | null;
  reason?: RefusalReason;
  /** The order's status, for `not_paid`. */
  status?: OrderStatus;
  ticket?: ScannedTicket;
  /** For `already` and `conflict`: the admission that counts (when, at which device). */
  previous?: { scan: number; at: string; device: string | null };
};

/** A recorded scan, as the console lists them (newest first). */
export type ScanRecord = ScanAnswer & {
  who: string;
  receivedAt: string;
  undone: { at: string; by: string; reason: string } | null;
};

/** The products the venue admits: online tickets never get in. */
export const ONSITE_PRODUCTS = PRODUCTS.filter((p) => p.mode === 'onsite').map((p) => p.id);

/** The default lists of an edition (product decisions, "After the payment"). */
export function defaultLists(): CheckInList[] {
  const base = { name: null, workshopId: null, guests: false, opensAt: null, closesAt: null, reentry: false };
  return [
    { ...base, id: 'entrance', kind: 'entrance', products: [...ONSITE_PRODUCTS] },
    ...WORKSHOPS.map(
      (w): CheckInList => ({ ...base, id: `workshop-${w.id}`, kind: 'workshop', products: [], workshopId: w.id }),
    ),
    { ...base, id: 'vip-dinner', kind: 'dinner', products: ['onsite-vip'] },
    { ...base, id: 'gala', kind: 'gala', products: [...ONSITE_PRODUCTS], guests: true },
  ];
}

/** The most scans one `POST /api/admin/check-in/sync` takes. */
export const MAX_SYNC_SCANS = 500;

/**
 * The offline list a door takes (`GET /api/door/offline-list`, worker/routes/door-offline.ts), the
 * body the worker signs: the tickets on it by the hashes of their codes, the revoked ones, the
 * window it admits in, and the public key of the signed codes.
 */
export type OfflineList = {
  list: string;
  reentry: boolean;
  /** A workshop room: its seat holders only, so a refusal says "no seat". */
  workshopId: string | null;
  opensAt: string | null;
  closesAt: string | null;
  version: number;
  takenAt: string;
  publicKey: string;
  products: string[];
  tickets: { own: string; typed: string; name: string | null; product: string }[];
  revoked: string[];
};
