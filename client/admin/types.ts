// What the organiser API answers, as the console reads it (site/orders.ts and worker/routes/admin.ts
// hold the real shapes; code flows from site/ to both, never worker -> client).
import type { ContactTopic } from '../../site/contact';
import type { IssuedInvoice } from '../../site/invoices';
import type { LanguageCode } from '../../site/languages';
import type { EmailRecord, LogEntry, Order, TransferReport } from '../../site/orders';

// The order domain's wire types come from its one home, site/orders.ts.
export type {
  EmailRecord,
  LogEntry,
  Order,
  OrderPage,
  OrderStatus,
  SalesStats,
} from '../../site/orders';
export { ORDER_EVENTS, ORDER_STATUSES } from '../../site/orders';

export type Amounts = { net: number; vat: number; gross: number };

export type OrderDetail = { order: Order; history: LogEntry[]; emails: EmailRecord[] };

export type InboxMessage = {
  id: string;
  receivedAt: string;
  lang: LanguageCode;
  name: string;
  email: string;
  subject: string;
  message: string;
  topic: ContactTopic | null;
  handled: boolean;
  handledAt: string | null;
};

/** What `POST /api/admin/transfers/import` answers. */
export type TransferImport = {
  statements: number;
  credits: number;
  reversals: number;
  debits: number;
  report: TransferReport[];
};

// Invoices as site/invoices.ts defines them; the page shape is what `GET /api/admin/invoices` answers.
export type { InvoiceKind, IssuedInvoice, KsefState } from '../../site/invoices';
export { INVOICE_KINDS, KSEF_STATUSES } from '../../site/invoices';
export type InvoicePage = { invoices: IssuedInvoice[]; cursor: string | null };
