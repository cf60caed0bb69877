// What the organiser API answers, as the console reads it (worker/box-office/orders.ts and
// worker/routes/admin.ts hold the real shapes; code flows from site/ to both, never worker -> client).
import type { ContactTopic } from '../../site/contact';
import type { LanguageCode } from '../../site/languages';
import type { ProductId } from '../../site/tickets';

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'expired', 'cancelled', 'refunded'];

export type Amounts = { net: number; vat: number; gross: number };

export type Order = Amounts & {
  id: string;
  code: string;
  product: ProductId;
  currency: 'PLN';
  email: string;
  name: string | null;
  lang: LanguageCode;
  invoice: { company: string; taxId: string; address: string } | null;
  status: OrderStatus;
  provider: 'demo' | 'stripe';
  providerRef: string | null;
  createdAt: string;
  paidAt: string | null;
  checkedInAt: string | null;
};

export type OrderPage = { orders: Order[]; cursor: string | null };

export type LogEntry = {
  seq: number;
  event: string;
  at: string;
  data: Record<string, string | number | boolean | null>;
};

export type EmailRecord = {
  id: number;
  kind: 'confirmation' | 'workshop' | 'contact';
  status: 'queued' | 'sent' | 'failed';
  at: string;
};

export type OrderDetail = { order: Order; history: LogEntry[]; emails: EmailRecord[] };

export type SalesStats = {
  products: { id: ProductId; sold: number; pending: number; remaining: number | null; revenue: Amounts }[];
  totals: { sold: number; pending: number; revenue: Amounts };
  salesPerDay: { day: string; count: number; gross: number }[];
  checkInsPerHour: { hour: string; count: number }[];
};

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
