import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import * as agenda from './agenda';
import * as certificates from './certificates';
import * as checkIn from './check-in';
import * as comps from './comps';
import type { Tx } from './context';
import * as doorList from './door-list';
import * as evidence from './evidence';
import * as holds from './holds';
import * as intentLog from './intent-log';
import * as invoiceRequests from './invoice-requests';
import * as invoices from './invoices';
import * as lifecycle from './lifecycle';
import { makeContext } from './make-context';
import * as news from './news';
import * as orders from './orders';
import * as ossRates from './oss-rates';
import * as ossReport from './oss-report';
import * as outbox from './outbox';
import * as partCancel from './part-cancel';
import * as personalData from './personal-data';
import * as refunds from './refunds';
import * as reports from './reports';
import { loadOrder } from './schema';
import * as staff from './staff';
import * as statementCredits from './statement-credits';
import * as stock from './stock';
import * as streamOpenings from './stream-openings';
import * as tickets from './tickets';
import * as transfers from './transfers';
import * as vat from './vat';
import * as vatCorrection from './vat-correction';
import * as vouchers from './vouchers';
import * as waitlist from './waitlist';
import * as wakeUp from './wake-up';
import * as workshops from './workshops';

/**
 * The box office: the one writer of orders, stock, payments and idempotency, as a Durable Object.
 * This class is its face only: each RPC call runs one module of a concern with the one context `c`
 * (context.ts), most as one synchronous SQLite transaction (`inTx`), so concurrent requests never
 * see a half-made change and a burst sells exactly the places there are. What each call does is
 * said where it is done, in its module; the face is the table `CALLS` below, one line a call: its
 * name, whether it runs in a transaction, and its module function, whose parameters after the
 * context are the call's (a function over the storage alone goes through `onSql`).
 */

/** One RPC call of the class: the module function it runs and whether it runs in a transaction. */
type Call<A extends unknown[], R> = { readonly run: (c: Tx, ...a: A) => R; readonly tx: boolean };

/** A call that runs as one synchronous transaction: every call that writes in one go. */
const inTx = <A extends unknown[], R>(run: (c: Tx, ...a: A) => R): Call<A, R> => ({ run, tx: true });

/** A call that runs as it is: a read, or a call that makes its own transactions (per line, per ticket). */
const asIs = <A extends unknown[], R>(run: (c: Tx, ...a: A) => R): Call<A, R> => ({ run, tx: false });

/** A module function over the storage alone, given the context's storage. */
const onSql =
  <A extends unknown[], R>(fn: (sql: SqlStorage, ...a: A) => R) =>
  (c: Tx, ...a: A): R =>
    fn(c.sql, ...a);

/** Every RPC call of the box office. A new call is one line here, in its concern's group. */
export const CALLS = {
  // Orders (orders.ts) and their lifecycle (lifecycle.ts, refunds.ts), tickets (tickets.ts), the log.
  purchase: asIs(orders.purchase),
  startPayment: inTx(orders.startPayment),
  abandon: inTx(lifecycle.abandon),
  settle: inTx(lifecycle.settle),
  recordCardCountry: inTx(evidence.recordCardCountry),
  refundLate: inTx(lifecycle.refundLate),
  cancellable: asIs(lifecycle.cancellable),
  claimRefund: inTx(lifecycle.claimRefund),
  refundFailed: inTx(onSql(refunds.orderRefundFailed)),
  cancelPaid: inTx(lifecycle.cancelPaid),
  // Part of an order, and money owed back by transfer (part-cancel.ts).
  ticketCancellable: asIs(partCancel.ticketCancellable),
  claimTicketRefund: inTx(partCancel.claimTicketRefund),
  ticketRefundFailed: inTx(onSql(partCancel.ticketRefundFailed)),
  cancelTicket: inTx(partCancel.cancelTicket),
  cancelTransferOrder: inTx(partCancel.cancelTransferOrder),
  cancelledTickets: asIs(onSql(partCancel.cancelledTickets)),
  orderParts: asIs(onSql(partCancel.orderParts)),
  refundsOwed: asIs(onSql(partCancel.refundsOwed)),
  recordRefund: inTx(partCancel.recordRefund),
  releaseHold: inTx(lifecycle.releaseHold),
  expireHolds: asIs(lifecycle.expireHolds),
  order: asIs(onSql(loadOrder)),
  openOrder: asIs(orders.openOrder),
  ticketWithOrder: asIs(onSql(tickets.ticketWithOrder)),
  reissueTicket: inTx(orders.reissueTicket),
  history: asIs(onSql(intentLog.orderHistory)),
  agenda: asIs(onSql(agenda.agendaOf)),
  starSession: inTx(onSql(agenda.setStar)),

  // Bank transfers (transfers.ts); each statement line of an import in a transaction of its own.
  markTransferPaid: inTx(transfers.markTransferPaid),
  importTransfers: asIs(transfers.importTransfers),
  matchCredit: inTx(transfers.matchCredit),
  keptCredits: asIs(onSql(statementCredits.listKeptCredits)),
  returnCredit: inTx(onSql(statementCredits.markReturned)),
  remindTransfers: inTx(transfers.remindTransfers),

  // Workshops (workshops.ts), the door (check-in.ts), holds, VAT checks and reports.
  registerWorkshop: inTx(workshops.registerWorkshop),
  releaseWorkshopSeat: inTx(workshops.releaseWorkshopSeat),
  workshopSeats: asIs(onSql(workshops.workshopSeats)),
  registrations: asIs(onSql(workshops.registrations)),
  scan: asIs(checkIn.scan),
  syncScans: asIs(checkIn.sync),
  undoScan: inTx(checkIn.undoScan),
  checkInLists: asIs(onSql(checkIn.checkInLists)),
  addCheckInList: inTx(checkIn.addList),
  inviteGuest: asIs(checkIn.inviteGuest),
  scans: asIs(onSql(checkIn.listScans)),
  doorTickets: asIs(onSql(doorList.doorTickets)),
  holds: asIs(onSql(holds.listHolds)),
  vatChecks: asIs(onSql(vat.vatChecksOf)),
  vatRecheck: asIs(vatCorrection.recheckOf),
  vatStatus: asIs(vatCorrection.vatStatusOf),
  vatNotRegistered: inTx(vatCorrection.notRegistered),
  claimVatRefund: inTx(vatCorrection.claimVatRefundNow),
  vatRefundFailed: inTx(onSql(vatCorrection.vatRefundFailed)),
  confirmVat: inTx(vatCorrection.confirmVat),
  availability: asIs(onSql(stock.availability)),
  listOrders: asIs(onSql(reports.listOrders)),
  stats: asIs(onSql(reports.salesStats)),

  // Vouchers (vouchers.ts): a purchase redeems one in its own transaction (orders.ts).
  createVoucher: inTx(vouchers.createVoucher),
  listVouchers: asIs(onSql(vouchers.listVouchers)),
  endVoucher: inTx(waitlist.endVoucherAndOffer),
  checkVoucher: asIs(onSql(vouchers.checkVoucher)),

  // The waiting list (waitlist.ts): sign-ups, the double opt-in, offers of returned places.
  joinWaitlist: inTx(waitlist.joinWaitlist),
  confirmWaitlistEntry: inTx(waitlist.confirmEntry),
  removeWaitlistEntry: inTx(waitlist.removeEntry),
  declineWaitlistOffer: inTx(waitlist.declineOffer),
  waitlist: asIs(waitlist.listWaitlist),
  waitlistEntry: asIs(onSql(waitlist.waitlistEntry)),
  waitlistOffer: asIs(waitlist.waitlistOffer),
  joinWorkshopWaitlist: inTx(waitlist.joinWorkshopWaitlist),
  takeWorkshopOffer: inTx(waitlist.takeWorkshopOffer),
  workshopsPublished: inTx(waitlist.workshopsPublished),
  setWaitlistOfferHours: inTx(waitlist.setOfferHours),
  /** Offers every free place to the list now (after organisers added places) and passes on offers that ran out. */
  offerWaitlistPlaces: asIs(waitlist.waitlistTick),

  // Invoices and KSeF (invoices.ts, invoice-requests.ts, oss-report.ts).
  invoices: asIs(onSql(invoices.invoicesOf)),
  invoice: asIs(onSql(invoices.invoiceById)),
  listInvoices: asIs(onSql(invoices.listInvoices)),
  requestInvoice: inTx(invoiceRequests.requestInvoice),
  correctBuyerData: inTx(invoiceRequests.correctBuyerData),
  ossReport: asIs(onSql(ossReport.ossReportData)),
  setOssRate: inTx(ossRates.setOssRate),
  markOssChecked: inTx(ossReport.markOssChecked),
  claimInvoiceForKsef: inTx(onSql(invoices.claimForKsef)),
  invoiceSubmitted: inTx(invoices.invoiceSubmitted),

  // Free tickets and partner allotments (comps.ts).
  issueComps: asIs(comps.issueComps),
  compBatches: asIs(onSql(comps.listCompBatches)),
  createAllotment: inTx(comps.createAllotment),
  allotments: asIs(onSql(comps.listAllotments)),
  allotment: asIs(onSql(comps.allotment)),
  nameAllotmentHolder: asIs(comps.nameAllotmentHolder),

  // Certificates of attendance (certificates.ts).
  issueCertificate: inTx(certificates.issueCertificate),
  issueOrderCertificates: inTx(certificates.issueOrderCertificates),
  checkCertificate: asIs(onSql(certificates.checkCertificate)),
  decideCertificate: inTx(certificates.decideCertificate),
  orderCertificates: asIs(onSql(certificates.orderCertificates)),

  // News to ticket holders (news.ts).
  listNews: asIs(onSql(news.listNews)),
  newsDetail: asIs(onSql(news.newsDetail)),
  newsRecipients: asIs(onSql(news.newsRecipients)),
  createNews: inTx(news.createNews),
  updateNews: inTx(news.updateNews),
  sendNews: inTx(news.sendNews),
  cancelNews: inTx(news.cancelNews),
  audienceSize: asIs(onSql(news.audienceSize)),
  queueNewsTest: inTx(news.queueNewsTest),
  newsMessage: asIs(onSql(news.newsMessage)),

  // Online access: the first opening of a ticket's join link during the event (stream-openings.ts).
  recordStreamOpening: inTx(onSql(streamOpenings.recordStreamOpening)),
  streamOpenedDuringEvent: asIs(onSql(streamOpenings.streamOpenedDuringEvent)),

  // Staff tokens and the staff log (staff.ts).
  addStaff: inTx(onSql(staff.addStaff)),
  listStaff: asIs(onSql(staff.listStaff)),
  revokeStaff: inTx(onSql(staff.revokeStaff)),
  staffByToken: inTx(onSql(staff.staffByToken)),
  logStaffChange: inTx(onSql(staff.logStaffChange)),
  staffLog: asIs(onSql(staff.staffLog)),

  // One person's data by address, and the retention rules (personal-data.ts, site/data-map.ts).
  exportPersonalData: asIs(personalData.exportPersonalData),
  erasePersonalData: inTx(personalData.erasePersonalDataNow),

  // E-mails (outbox.ts), the log's copy to KV (intent-log.ts) and the alarm (wake-up.ts).
  emails: asIs(onSql(outbox.emailsOf)),
  queueEmail: inTx(outbox.queueEmail),
  claimEmail: inTx(onSql(outbox.claimEmail)),
  emailDelivered: inTx(outbox.emailDelivered),
  requeueLostEmails: asIs(wakeUp.requeueLostEmails),
  flushLog: asIs(intentLog.flushOrderLog),
};

/** The class's methods, typed from `CALLS`: what a `DurableObjectStub<BoxOffice>` offers its callers. */
type Methods<T> = { [K in keyof T]: T[K] extends Call<infer A, infer R> ? (...a: A) => R : never };

// The class gets its calls' types from this interface and their bodies on its prototype (the static
// block): Workers RPC calls only what is declared on the class, never an instance's own property.
export interface BoxOffice extends Methods<typeof CALLS> {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the static block defines every member of the interface.
export class BoxOffice extends DurableObject<Bindings> {
  /** The alarm this instance set, so that it sets none later than needed (tests reset it). */
  private alarmSetFor: number | null = null;
  private readonly c: Tx;

  static {
    for (const [name, call] of Object.entries(CALLS) as [string, Call<unknown[], unknown>][]) {
      if (name in BoxOffice.prototype) throw new Error(`BoxOffice: the call ${name} hides a member of the class`);
      const method = call.tx
        ? function (this: BoxOffice, ...a: unknown[]) {
            return this.c.transaction(() => call.run(this.c, ...a));
          }
        : function (this: BoxOffice, ...a: unknown[]) {
            return call.run(this.c, ...a);
          };
      Object.defineProperty(method, 'name', { value: name });
      Object.defineProperty(BoxOffice.prototype, name, { value: method, writable: true, configurable: true });
    }
  }

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.c = makeContext(ctx.storage, env, (at) => this.scheduleAlarm(at));
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSetFor = await ctx.storage.getAlarm();
    });
  }

  /** Runs the alarm's rules, then sets the next alarm (wake-up.ts). */
  override async alarm(): Promise<void> {
    this.alarmSetFor = null;
    await wakeUp.wakeUp(this.c, Date.now());
  }

  /** Makes sure an alarm runs no later than `at`. */
  private scheduleAlarm(at: number): void {
    if (this.alarmSetFor !== null && this.alarmSetFor <= at) return;
    this.alarmSetFor = at;
    void this.ctx.storage.setAlarm(at);
  }
}

/** The one instance's id per namespace: the name's hash, worked out once per isolate. */
const ids = new WeakMap<DurableObjectNamespace<BoxOffice>, DurableObjectId>();

/** The box office's one instance. */
export function boxOffice(namespace: DurableObjectNamespace<BoxOffice>): DurableObjectStub<BoxOffice> {
  let id = ids.get(namespace);
  if (!id) {
    id = namespace.idFromName('box-office');
    ids.set(namespace, id);
  }
  return namespace.get(id);
}
