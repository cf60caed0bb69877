import { DurableObject } from 'cloudflare:workers';
import type { VatCheck } from '../../site/invoices';
import type { EmailKind, OrderFilter, Settlement } from '../../site/orders';
import type { ProductId } from '../../site/tickets';
import type { Bindings } from '../env';
import * as agenda from './agenda';
import * as certificates from './certificates';
import * as checkIn from './check-in';
import * as comps from './comps';
import type { Args, Tx } from './context';
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
 * (context.ts), most as one synchronous SQLite transaction (`tx`), so concurrent requests never
 * see a half-made change and a burst sells exactly the places there are. What each call does is
 * said where it is done, in its module; a method here only routes to it (`Args` gives it the
 * module function's parameters after the context).
 */
export class BoxOffice extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;
  /** The alarm this instance set, so that it sets none later than needed (tests reset it). */
  private alarmSetFor: number | null = null;
  private readonly c: Tx;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.c = makeContext(ctx.storage, env, (at) => this.scheduleAlarm(at));
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSetFor = await ctx.storage.getAlarm();
    });
  }

  /** Runs `fn` as one synchronous transaction. */
  private tx<T>(fn: () => T): T {
    return this.c.transaction(fn);
  }

  // Orders (orders.ts) and their lifecycle (lifecycle.ts, refunds.ts), tickets (tickets.ts), the log.

  purchase(...a: Args<typeof orders.purchase>) {
    return orders.purchase(this.c, ...a);
  }
  startPayment(...a: Args<typeof orders.startPayment>) {
    return this.tx(() => orders.startPayment(this.c, ...a));
  }
  abandon(id: string, now: number, reason: string) {
    return this.tx(() => lifecycle.abandon(this.c, id, now, reason));
  }
  settle(id: string, change: Settlement, now: number, source: lifecycle.SettleSource) {
    return this.tx(() => lifecycle.settle(this.c, id, change, now, source));
  }
  recordCardCountry(...a: Args<typeof evidence.recordCardCountry>) {
    return this.tx(() => evidence.recordCardCountry(this.c, ...a));
  }
  refundLate(id: string, refundReference: string, now: number, by: string) {
    return this.tx(() => lifecycle.refundLate(this.c, id, refundReference, now, by));
  }
  /** Whether the buyer may cancel an order now; nothing changes. */
  cancellable(orderId: string, now: number) {
    return lifecycle.cancellable(this.c, orderId, now);
  }
  claimRefund(orderId: string, now: number, waitingFor?: number) {
    return this.tx(() => lifecycle.claimRefund(this.c, orderId, now, waitingFor));
  }
  /** The provider refused or missed the refund of `attempt` (see `claimRefund`). */
  refundFailed(orderId: string, attempt: number): void {
    this.tx(() => refunds.refundFailed(this.sql, orderId, attempt, Date.now()));
  }
  cancelPaid(orderId: string, refundReference: string, now: number) {
    return this.tx(() => lifecycle.cancelPaid(this.c, orderId, refundReference, now));
  }
  // Part of an order, and money owed back by transfer (part-cancel.ts).
  ticketCancellable(...a: Args<typeof partCancel.ticketCancellable>) {
    return partCancel.ticketCancellable(this.c, ...a);
  }
  claimTicketRefund(...a: Args<typeof partCancel.claimTicketRefund>) {
    return this.tx(() => partCancel.claimTicketRefund(this.c, ...a));
  }
  /** The provider refused or missed a ticket's refund of `attempt` (see `claimTicketRefund`). */
  ticketRefundFailed(ticketId: string, attempt: number): void {
    this.tx(() => refunds.refundFailed(this.sql, partCancel.ticketRefundKey(ticketId), attempt, Date.now()));
  }
  cancelTicket(...a: Args<typeof partCancel.cancelTicket>) {
    return this.tx(() => partCancel.cancelTicket(this.c, ...a));
  }
  cancelTransferOrder(...a: Args<typeof partCancel.cancelTransferOrder>) {
    return this.tx(() => partCancel.cancelTransferOrder(this.c, ...a));
  }
  cancelledTickets(orderId: string) {
    return partCancel.cancelledTickets(this.sql, orderId);
  }
  orderParts(orderId: string) {
    return partCancel.orderParts(this.sql, orderId);
  }
  refundsOwed(orderId?: string) {
    return partCancel.refundsOwed(this.sql, orderId);
  }
  recordRefund(...a: Args<typeof partCancel.recordRefund>) {
    return this.tx(() => partCancel.recordRefund(this.c, ...a));
  }
  releaseHold(id: string, now: number, by: string) {
    return this.tx(() => lifecycle.releaseHold(this.c, id, now, by));
  }
  expireHolds(now: number) {
    return lifecycle.expireHolds(this.c, now);
  }
  order(id: string) {
    return loadOrder(this.sql, id);
  }
  openOrder(id: string, tokenHash: string) {
    return orders.openOrder(this.c, id, tokenHash);
  }
  ticketWithOrder(ticketId: string) {
    return tickets.ticketWithOrder(this.sql, ticketId);
  }
  reissueTicket(...a: Args<typeof orders.reissueTicket>) {
    return this.tx(() => orders.reissueTicket(this.c, ...a));
  }
  history(id: string) {
    return intentLog.orderHistory(this.sql, id);
  }

  agenda(...a: Args<typeof agenda.agendaOf>) {
    return agenda.agendaOf(this.sql, ...a);
  }
  starSession(...a: Args<typeof agenda.setStar>) {
    return this.tx(() => agenda.setStar(this.sql, ...a));
  }

  // Bank transfers (transfers.ts).

  markTransferPaid(...a: Args<typeof transfers.markTransferPaid>) {
    return this.tx(() => transfers.markTransferPaid(this.c, ...a));
  }
  /** Each statement line in a transaction of its own (transfers.ts). */
  importTransfers(...a: Args<typeof transfers.importTransfers>) {
    return transfers.importTransfers(this.c, ...a);
  }
  matchCredit(...a: Args<typeof transfers.matchCredit>) {
    return this.tx(() => transfers.matchCredit(this.c, ...a));
  }
  keptCredits() {
    return statementCredits.listKeptCredits(this.sql);
  }
  returnCredit(...a: Args<typeof statementCredits.markReturned>) {
    return this.tx(() => statementCredits.markReturned(this.sql, ...a));
  }
  remindTransfers(now: number) {
    return this.tx(() => transfers.remindTransfers(this.c, now));
  }

  // Workshops (workshops.ts), the door (check-in.ts), holds, VAT checks and reports.

  registerWorkshop(...a: Args<typeof workshops.registerWorkshop>) {
    return this.tx(() => workshops.registerWorkshop(this.c, ...a));
  }
  releaseWorkshopSeat(...a: Args<typeof workshops.releaseWorkshopSeat>) {
    return this.tx(() => workshops.releaseWorkshopSeat(this.c, ...a));
  }
  workshopSeats() {
    return workshops.workshopSeats(this.sql);
  }
  registrations(orderId: string) {
    return workshops.registrations(this.sql, orderId);
  }
  scan(...a: Args<typeof checkIn.scan>) {
    return checkIn.scan(this.c, ...a);
  }
  syncScans(...a: Args<typeof checkIn.sync>) {
    return checkIn.sync(this.c, ...a);
  }
  undoScan(...a: Args<typeof checkIn.undoScan>) {
    return this.tx(() => checkIn.undoScan(this.c, ...a));
  }
  checkInLists() {
    return checkIn.checkInLists(this.sql);
  }
  addCheckInList(...a: Args<typeof checkIn.addList>) {
    return this.tx(() => checkIn.addList(this.c, ...a));
  }
  inviteGuest(...a: Args<typeof checkIn.inviteGuest>) {
    return checkIn.inviteGuest(this.c, ...a);
  }
  scans(...a: Args<typeof checkIn.listScans>) {
    return checkIn.listScans(this.sql, ...a);
  }
  doorTickets(listId: string) {
    return doorList.doorTickets(this.sql, listId);
  }
  holds(now: number) {
    return holds.listHolds(this.sql, now);
  }
  vatChecks(orderId: string) {
    return vat.vatChecksOf(this.sql, orderId);
  }
  vatRecheck(orderId: string) {
    return vatCorrection.recheckState(this.sql, this.c.row(orderId));
  }
  vatStatus(orderId: string) {
    return vatCorrection.vatStatus(this.sql, this.c.row(orderId));
  }
  vatNotRegistered(orderId: string, check: VatCheck, now: number): void {
    this.tx(() => vatCorrection.notRegistered(this.c, orderId, check, now));
  }
  claimVatRefund(orderId: string, waitingFor?: number) {
    return this.tx(() => vatCorrection.claimVatRefund(this.c, orderId, Date.now(), waitingFor));
  }
  /** The provider refused or missed the VAT refund of `attempt` (see `claimVatRefund`). */
  vatRefundFailed(orderId: string, attempt: number): void {
    this.tx(() => refunds.refundFailed(this.sql, vatCorrection.vatRefundKey(orderId), attempt, Date.now()));
  }
  confirmVat(...a: Args<typeof vatCorrection.confirmVat>) {
    return this.tx(() => vatCorrection.confirmVat(this.c, ...a));
  }
  availability(now: number) {
    return stock.availability(this.sql, now);
  }
  listOrders(filter: OrderFilter, cursor: string | null, limit: number) {
    return reports.listOrders(this.sql, filter, cursor, limit);
  }
  stats(now: number) {
    return reports.salesStats(this.sql, now);
  }

  // Vouchers (vouchers.ts): a purchase redeems one in its own transaction (orders.ts).

  createVoucher(...a: Args<typeof vouchers.createVoucher>) {
    return this.tx(() => vouchers.createVoucher(this.c, ...a));
  }
  listVouchers(...a: Args<typeof vouchers.listVouchers>) {
    return vouchers.listVouchers(this.sql, ...a);
  }
  endVoucher(...a: Args<typeof vouchers.endVoucher>) {
    // A reserving voucher's places come back: the waiting list first.
    return this.tx(() => waitlist.afterReturn(this.c, a[1], vouchers.endVoucher(this.c, ...a)));
  }
  /** Whether a code may be used for these products now (the dialog's check); nothing is held. */
  checkVoucher(code: string, products: ProductId[], now: number) {
    const found = vouchers.voucherFor(this.sql, code, products, now);
    return found.kind === 'ok'
      ? {
          kind: 'ok' as const,
          voucher: { code: found.voucher.code, kind: found.voucher.kind, value: found.voucher.value },
        }
      : found;
  }

  // The waiting list (waitlist.ts): sign-ups, the double opt-in, offers of returned places.

  joinWaitlist(...a: Args<typeof waitlist.joinWaitlist>) {
    return this.tx(() => waitlist.joinWaitlist(this.c, ...a));
  }
  confirmWaitlistEntry(...a: Args<typeof waitlist.confirmEntry>) {
    return this.tx(() => waitlist.confirmEntry(this.c, ...a));
  }
  removeWaitlistEntry(...a: Args<typeof waitlist.removeEntry>) {
    return this.tx(() => waitlist.removeEntry(this.c, ...a));
  }
  declineWaitlistOffer(...a: Args<typeof waitlist.declineOffer>) {
    return this.tx(() => waitlist.declineOffer(this.c, ...a));
  }
  waitlist(...a: Args<typeof waitlist.listWaitlist>) {
    return waitlist.listWaitlist(this.c, ...a);
  }
  waitlistEntry(id: string) {
    return waitlist.waitlistEntry(this.sql, id);
  }
  waitlistOffer(...a: Args<typeof waitlist.waitlistOffer>) {
    return waitlist.waitlistOffer(this.c, ...a);
  }
  joinWorkshopWaitlist(...a: Args<typeof waitlist.joinWorkshopWaitlist>) {
    return this.tx(() => waitlist.joinWorkshopWaitlist(this.c, ...a));
  }
  takeWorkshopOffer(...a: Args<typeof waitlist.takeWorkshopOffer>) {
    return this.tx(() => waitlist.takeWorkshopOffer(this.c, ...a));
  }
  workshopsPublished(...a: Args<typeof waitlist.workshopsPublished>) {
    return this.tx(() => waitlist.workshopsPublished(this.c, ...a));
  }
  setWaitlistOfferHours(hours: number) {
    return this.tx(() => waitlist.setOfferHours(this.c, hours));
  }
  /** Offers every free place to the list now (after organisers added places) and passes on offers that ran out. */
  offerWaitlistPlaces(now: number) {
    return waitlist.waitlistTick(this.c, now);
  }

  // Invoices and KSeF (invoices.ts).

  invoices(orderId: string) {
    return invoices.invoicesOf(this.sql, orderId);
  }
  invoice(id: string) {
    return invoices.invoiceById(this.sql, id);
  }
  listInvoices(...a: Args<typeof invoices.listInvoices>) {
    return invoices.listInvoices(this.sql, ...a);
  }
  requestInvoice(...a: Args<typeof invoiceRequests.requestInvoice>) {
    return this.tx(() => invoiceRequests.requestInvoice(this.c, ...a));
  }
  correctBuyerData(...a: Args<typeof invoiceRequests.correctBuyerData>) {
    return this.tx(() => invoiceRequests.correctBuyerData(this.c, ...a));
  }
  ossReport(quarter: string) {
    return ossReport.ossReportData(this.sql, quarter);
  }
  setOssRate(...a: Args<typeof ossRates.setOssRate>) {
    return this.tx(() => ossRates.setOssRate(this.c, ...a));
  }
  claimInvoiceForKsef(invoiceId: string, now: number) {
    return this.tx(() => invoices.claimForKsef(this.sql, invoiceId, now));
  }
  invoiceSubmitted(invoiceId: string, outcome: invoices.KsefRecord, now: number): void {
    this.tx(() => invoices.invoiceSubmitted(this.c, invoiceId, outcome, now));
  }

  // Free tickets and partner allotments (comps.ts).

  issueComps(...a: Args<typeof comps.issueComps>) {
    return comps.issueComps(this.c, ...a);
  }
  compBatches(...a: Args<typeof comps.listCompBatches>) {
    return comps.listCompBatches(this.sql, ...a);
  }
  createAllotment(...a: Args<typeof comps.createAllotment>) {
    return this.tx(() => comps.createAllotment(this.c, ...a));
  }
  allotments() {
    return comps.listAllotments(this.sql);
  }
  allotment(id: string) {
    return comps.allotment(this.sql, id);
  }
  nameAllotmentHolder(...a: Args<typeof comps.nameAllotmentHolder>) {
    return comps.nameAllotmentHolder(this.c, ...a);
  }

  // Certificates of attendance (certificates.ts).

  issueCertificate(...a: Args<typeof certificates.issueCertificate>) {
    return this.tx(() => certificates.issueCertificate(this.c, ...a));
  }
  issueOrderCertificates(...a: Args<typeof certificates.issueOrderCertificates>) {
    return this.tx(() => certificates.issueOrderCertificates(this.c, ...a));
  }
  checkCertificate(...a: Args<typeof certificates.checkCertificate>) {
    return certificates.checkCertificate(this.sql, ...a);
  }
  decideCertificate(...a: Args<typeof certificates.decideCertificate>) {
    return this.tx(() => certificates.decideCertificate(this.c, ...a));
  }
  orderCertificates(...a: Args<typeof certificates.orderCertificates>) {
    return certificates.orderCertificates(this.sql, ...a);
  }

  // News to ticket holders (news.ts).

  listNews() {
    return news.listNews(this.sql);
  }
  newsDetail(id: string) {
    return news.newsDetail(this.sql, id);
  }
  newsRecipients(...a: Args<typeof news.newsRecipients>) {
    return news.newsRecipients(this.sql, ...a);
  }
  createNews(...a: Args<typeof news.createNews>) {
    return this.tx(() => news.createNews(this.c, ...a));
  }
  updateNews(...a: Args<typeof news.updateNews>) {
    return this.tx(() => news.updateNews(this.c, ...a));
  }
  sendNews(...a: Args<typeof news.sendNews>) {
    return this.tx(() => news.sendNews(this.c, ...a));
  }
  cancelNews(...a: Args<typeof news.cancelNews>) {
    return this.tx(() => news.cancelNews(this.c, ...a));
  }
  audienceSize(...a: Args<typeof news.audienceSize>) {
    return news.audienceSize(this.sql, ...a);
  }
  queueNewsTest(...a: Args<typeof news.queueNewsTest>) {
    return this.tx(() => news.queueNewsTest(this.c, ...a));
  }
  newsMessage(...a: Args<typeof news.newsMessage>) {
    return news.newsMessage(this.sql, ...a);
  }

  // Online access: the first opening of a ticket's join link during the event (stream-openings.ts).

  recordStreamOpening(...a: Args<typeof streamOpenings.recordStreamOpening>) {
    return this.tx(() => streamOpenings.recordStreamOpening(this.sql, ...a));
  }
  streamOpenedDuringEvent(...a: Args<typeof streamOpenings.streamOpenedDuringEvent>) {
    return streamOpenings.streamOpenedDuringEvent(this.sql, ...a);
  }

  // Staff tokens and the staff log (staff.ts).

  addStaff(...a: Args<typeof staff.addStaff>) {
    return this.tx(() => staff.addStaff(this.sql, ...a));
  }
  listStaff() {
    return staff.listStaff(this.sql);
  }
  revokeStaff(...a: Args<typeof staff.revokeStaff>) {
    return this.tx(() => staff.revokeStaff(this.sql, ...a));
  }
  staffByToken(...a: Args<typeof staff.staffByToken>) {
    return this.tx(() => staff.staffByToken(this.sql, ...a));
  }
  logStaffChange(...a: Args<typeof staff.logStaffChange>) {
    this.tx(() => staff.logStaffChange(this.sql, ...a));
  }
  staffLog(...a: Args<typeof staff.staffLog>) {
    return staff.staffLog(this.sql, ...a);
  }

  // One person's data by address, and the retention rules (personal-data.ts, site/data-map.ts).

  exportPersonalData(email: string) {
    return personalData.exportPersonalData(this.c, email);
  }
  erasePersonalData(email: string) {
    return this.tx(() => personalData.erasePersonalData(this.c, email));
  }

  // E-mails (outbox.ts) and the alarm (wake-up.ts).

  emails(orderId: string) {
    return outbox.emailsOf(this.sql, orderId);
  }
  /** Queues an e-mail about an order (an organiser's resend) or a contact message; returns its id. */
  queueEmail(subjectId: string, kind: EmailKind, data: string | null, now: number) {
    return this.tx(() => this.c.addEmail(subjectId, kind, data, now));
  }
  claimEmail(id: number, now: number) {
    return this.tx(() => outbox.claimEmail(this.sql, id, now));
  }
  emailDelivered(id: number, outcome: outbox.Delivery, now: number): void {
    this.tx(() => outbox.emailDelivered(this.c, id, outcome, now));
  }
  requeueLostEmails(now: number) {
    return wakeUp.requeueLostEmails(this.c, now);
  }
  flushLog() {
    return intentLog.flushLog(this.sql, this.env.ORDERS);
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
