import { RECORDING_DAYS } from './access';
import { EDITION_YEAR } from './event';
import { STAFF_LOG_RETENTION_MS } from './staff';
import { EVENT_ENDS } from './tickets';

/**
 * The data map: every kind of personal data the system keeps, where it lives, which fields are
 * personal, on what legal basis and for how long. The privacy policy (client/pages/privacy.tsx)
 * is written from it, the box office's retention alarm (worker/box-office/personal-data.ts) deletes
 * by its periods, and an organiser's export and erasure (worker/routes/personal-data.ts) cover
 * exactly its kinds: the worker's table of handlers is typed by `DataKindId`, so a kind added here
 * without its export, erasure and retention does not compile. docs/personal-data.md explains it.
 */

/** Where a kind is kept. */
export type DataStore =
  /** The box office: the Durable Object's SQLite database (Cloudflare). */
  | 'boxOffice'
  /** Workers KV, namespace ORDERS (Cloudflare). */
  | 'kv'
  /** D1, the content store (Cloudflare). */
  | 'd1'
  /** R2, uploaded files (Cloudflare). */
  | 'r2'
  /** Sent through Cloudflare Email Service. */
  | 'email'
  /** The payment provider (Stripe). */
  | 'stripe'
  /** The National e-Invoice System (KSeF) of the Ministry of Finance. */
  | 'ksef';

/** GDPR art. 6(1): (b) a contract, (c) a legal obligation, (f) a legitimate interest. */
export type LegalBasis = 'contract' | 'legalObligation' | 'legitimateInterest';

/** The instant a kind's period counts from. */
export type RetentionStart =
  /** The end (31 December, Warsaw) of the year the event takes place in: the tax law's periods. */
  | 'endOfEventYear'
  /** The event's end. */
  | 'eventEnd'
  /** An organiser marked the message as handled (an unhandled one waits for its answer). */
  | 'handled'
  /** The record was made (an e-mail, a staff-log entry). */
  | 'created'
  /** An unpaid order's hold ran out or was released. */
  | 'holdEnded';

/** How long a kind is kept: `days` or `years` after `start`. */
export type Retention = { start: RetentionStart; days?: number; months?: number; years?: number };

/** What an organiser's erasure does to a kind: removes it, anonymises it, or keeps it (the law asks). */
export type ErasureOutcome = 'deleted' | 'anonymised' | 'kept';

export type DataKind = {
  /** Where it lives: tables, KV prefixes (for organisers and engineers; the policy names the store). */
  where: readonly string[];
  stores: readonly DataStore[];
  /** The personal fields (names as stored). */
  fields: readonly string[];
  basis: readonly LegalBasis[];
  retention: Retention;
  /** What `POST /api/admin/personal-data/erase` does with it; `kept` says why in `keptBecause`. */
  erasure: ErasureOutcome;
  /** Catalogue key under `privacy.data.kept` of why a kind outlives an erasure, when it does. */
  keptBecause?: 'tax' | 'accountability';
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A holder's data serves the ticket until its last access ends (recordings and materials, up to a
 * year after the event), then a month for questions about attendance and certificates.
 */
export const HOLDER_RETENTION_DAYS = Math.max(...Object.values(RECORDING_DAYS)) + 30;
/** An order never paid carries no tax duty: its buyer's data goes ninety days after its hold ended. */
export const UNPAID_ORDER_RETENTION_DAYS = 90;
/** E-mail bodies and the addresses they went to (product decisions). */
export const EMAIL_RETENTION_DAYS = 90;
/** Contact messages, after they are handled (product decisions). */
export const MESSAGE_RETENTION_MONTHS = 12;
/** The waiting list after the event's end (nothing can be offered then; a month for questions). */
export const WAITLIST_RETENTION_DAYS = 30;
/** Orders and invoices, from the end of the event's year (product decisions, tax law). */
export const TAX_RETENTION_YEARS = 5;
/**
 * Sales taxed in another member state under the OSS procedure (site/tax-rules.ts): their records
 * (art. 63c of Implementing Regulation 282/2011: the country, amounts and rate, payments and
 * refunds, an invoice if one was issued, the evidence of where the buyer lives) are kept ten years
 * from the end of the year of the sale (art. 369k(2) of the VAT directive). The event's year is the
 * last year any sale of the edition is made in.
 */
export const OSS_RETENTION_YEARS = 10;

/** The kinds, in the order the privacy policy and the export list them. */
export const DATA_MAP = {
  orders: {
    where: [
      'orders',
      'log',
      'KV intent:<order>:<seq>',
      'refund_claims',
      'refunds_owed',
      'statement_credits',
      'vat_corrections',
      'idempotency',
    ],
    stores: ['boxOffice', 'kv', 'stripe'],
    fields: ['email', 'name', 'lang', 'client (keyed hash of the IP address)', 'provider_ref', 'log.data'],
    basis: ['contract', 'legalObligation'],
    retention: { start: 'endOfEventYear', years: TAX_RETENTION_YEARS },
    erasure: 'anonymised',
    keptBecause: 'tax',
  },
  unpaidOrders: {
    where: ['orders (never paid: expired, cancelled before payment)'],
    stores: ['boxOffice', 'kv'],
    fields: ['email', 'name', 'client', 'invoice'],
    basis: ['contract'],
    retention: { start: 'holdEnded', days: UNPAID_ORDER_RETENTION_DAYS },
    erasure: 'anonymised',
  },
  holders: {
    where: ['tickets', 'cancelled_tickets', 'workshop_seats', 'agenda_stars', 'check_in_guests'],
    stores: ['boxOffice'],
    fields: [
      'tickets.name',
      'tickets.email',
      'cancelled_tickets.name',
      'cancelled_tickets.email',
      'agenda_stars.session_id',
    ],
    basis: ['contract'],
    retention: { start: 'eventEnd', days: HOLDER_RETENTION_DAYS },
    erasure: 'anonymised',
  },
  invoices: {
    where: ['invoices', 'vat_checks', 'orders.invoice'],
    stores: ['boxOffice', 'ksef'],
    fields: ['document (buyer name, tax id, address)', 'vat_checks.name', 'vat_checks.address'],
    basis: ['legalObligation'],
    retention: { start: 'endOfEventYear', years: TAX_RETENTION_YEARS },
    erasure: 'kept',
    keptBecause: 'tax',
  },
  // What of an OSS sale outlives the orders' five years (its buyer's address and name go then, as an
  // erasure takes them): the tax records, for ten.
  ossSales: {
    where: [
      'orders taxed under OSS (a ticket or cancelled ticket at oss:<country>:<rate>)',
      'their tickets, cancelled_tickets, invoices, refunds_owed, statement_credits and oss_checks',
    ],
    stores: ['boxOffice'],
    fields: ['orders.tax (country and its evidence)', 'orders.card_country', 'orders.invoice', 'invoices.document'],
    basis: ['legalObligation'],
    retention: { start: 'endOfEventYear', years: OSS_RETENTION_YEARS },
    erasure: 'kept',
    keptBecause: 'tax',
  },
  consent: {
    where: ['orders.consent_terms', 'orders.consent_privacy', 'orders.consent_at'],
    stores: ['boxOffice'],
    fields: ['consent_terms', 'consent_privacy', 'consent_at'],
    basis: ['legalObligation'],
    retention: { start: 'endOfEventYear', years: TAX_RETENTION_YEARS },
    erasure: 'kept',
    keptBecause: 'accountability',
  },
  vouchers: {
    where: ['orders.voucher', 'tickets.voucher', 'tickets.list_net'],
    stores: ['boxOffice'],
    fields: ['voucher'],
    basis: ['contract', 'legalObligation'],
    retention: { start: 'endOfEventYear', years: TAX_RETENTION_YEARS },
    erasure: 'kept',
    keptBecause: 'tax',
  },
  checkIns: {
    where: ['scans'],
    stores: ['boxOffice'],
    fields: ['ticket_id', 'code', 'at'],
    basis: ['contract', 'legitimateInterest'],
    retention: { start: 'eventEnd', days: HOLDER_RETENTION_DAYS },
    erasure: 'deleted',
  },
  streamOpenings: {
    where: ['stream_openings'],
    stores: ['boxOffice'],
    fields: ['ticket_id', 'opened_at'],
    basis: ['contract'],
    retention: { start: 'eventEnd', days: HOLDER_RETENTION_DAYS },
    erasure: 'deleted',
  },
  certificates: {
    where: ['certificates', 'certificate_decisions', 'certificate_log'],
    stores: ['boxOffice'],
    fields: ['ticket_id', 'reason'],
    basis: ['contract'],
    retention: { start: 'eventEnd', days: HOLDER_RETENTION_DAYS },
    erasure: 'deleted',
  },
  emails: {
    where: ['emails.data', 'emails.error'],
    stores: ['boxOffice', 'email'],
    fields: ['data (the address a news e-mail went to)', 'error'],
    basis: ['contract', 'legitimateInterest'],
    retention: { start: 'created', days: EMAIL_RETENTION_DAYS },
    erasure: 'deleted',
  },
  newsRecipients: {
    where: ['news_recipients'],
    stores: ['boxOffice', 'email'],
    fields: ['address', 'lang'],
    basis: ['contract'],
    retention: { start: 'created', days: EMAIL_RETENTION_DAYS },
    erasure: 'deleted',
  },
  messages: {
    where: ['KV message:<id>'],
    stores: ['kv', 'email'],
    fields: ['name', 'email', 'subject', 'message'],
    basis: ['legitimateInterest', 'contract'],
    retention: { start: 'handled', months: MESSAGE_RETENTION_MONTHS },
    erasure: 'deleted',
  },
  partnerContacts: {
    where: ['allotments.email'],
    stores: ['boxOffice', 'email'],
    fields: ['email'],
    basis: ['contract'],
    retention: { start: 'eventEnd', days: HOLDER_RETENTION_DAYS },
    erasure: 'anonymised',
  },
  staffLog: {
    where: ['staff_log'],
    stores: ['boxOffice'],
    fields: ['actor', 'detail'],
    basis: ['legitimateInterest'],
    retention: { start: 'created', days: STAFF_LOG_RETENTION_MS / DAY_MS },
    erasure: 'kept',
    keptBecause: 'accountability',
  },
  // Asked for by the person (a sign-up on a sold-out product, confirmed by its link; a holder's
  // sign-up for a full workshop): steps at their request before a contract, or under the ticket's.
  // Needed only while a place may still be offered: the event's end, then a month for questions.
  waitingList: {
    where: ['waitlist', 'waitlist_offers'],
    stores: ['boxOffice', 'email'],
    fields: ['email', 'name', 'lang', 'ticket_id', 'offers (code, offered_at, expires_at, order_id)'],
    basis: ['contract'],
    retention: { start: 'eventEnd', days: WAITLIST_RETENTION_DAYS },
    erasure: 'deleted',
  },
} as const satisfies Record<string, DataKind>;

export type DataKindId = keyof typeof DATA_MAP;
export const DATA_KIND_IDS = Object.keys(DATA_MAP) as DataKindId[];

/** The instant the tax law's periods count from: the end of the event's year, in Warsaw (UTC+1 in winter). */
export const END_OF_EVENT_YEAR = Date.parse(`${EDITION_YEAR + 1}-01-01T00:00:00+01:00`);
const EVENT_END = Date.parse(EVENT_ENDS);

/** Adds a period to an instant (calendar months and years in UTC, as a date's day stays). */
export function addPeriod(from: number, period: Omit<Retention, 'start'>): number {
  const date = new Date(from);
  if (period.years) date.setUTCFullYear(date.getUTCFullYear() + period.years);
  if (period.months) date.setUTCMonth(date.getUTCMonth() + period.months);
  return date.getTime() + (period.days ?? 0) * DAY_MS;
}

/**
 * When a record of `kind` is due for removal: its period after its start. `start` is the record's own
 * instant (when handled, created, its hold ended); the event-bound starts need none.
 */
export function retentionEnds(kind: DataKindId, start?: number): number {
  const rule: Retention = DATA_MAP[kind].retention;
  const from = rule.start === 'endOfEventYear' ? END_OF_EVENT_YEAR : rule.start === 'eventEnd' ? EVENT_END : start;
  if (from === undefined) throw new Error(`${kind} counts from each record's own instant`);
  return addPeriod(from, rule);
}

/** Every processor and recipient the policy names, with the stores they run. */
export const PROCESSORS = [
  { id: 'cloudflare', stores: ['boxOffice', 'kv', 'd1', 'r2', 'email'] },
  { id: 'stripe', stores: ['stripe'] },
  { id: 'ksef', stores: ['ksef'] },
] as const satisfies readonly { id: string; stores: readonly DataStore[] }[];

/**
 * The last day (`YYYY-MM-DD` in Warsaw) a kind bound to the event is kept, as the privacy policy
 * states it; null for kinds that count from each record's own instant.
 */
export function lastDayKept(kind: DataKindId): string | null {
  const start = DATA_MAP[kind].retention.start;
  if (start !== 'endOfEventYear' && start !== 'eventEnd') return null;
  return new Date(retentionEnds(kind) - 1).toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' });
}

/** A kind's period as one number of its unit (years, months or days), for the policy's sentence. */
export function periodCount(kind: DataKindId): number {
  const rule: Retention = DATA_MAP[kind].retention;
  return rule.years ?? rule.months ?? rule.days ?? 0;
}
