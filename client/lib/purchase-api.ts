import type { InvoiceData } from '../../site/invoices';
import type { LanguageCode } from '../../site/languages';
import type { AccessNeeds } from '../../site/orders';
import { CONSENT_VERSIONS } from '../../site/purchase-rules';
import { PAYMENT_HOSTS } from '../../site/security';
import type { ProductId } from '../../site/tickets';
import type { VoucherQuote } from '../../site/vouchers';

/** Why a purchase failed, as far as the buyer needs to know; the fields to fix, or the products short. */
export class PurchaseError extends Error {
  constructor(
    readonly reason:
      | 'invalid'
      | 'rateLimited'
      | 'soldOut'
      | 'salesClosed'
      | 'transferClosed'
      | 'holdLimit'
      | 'transferNeedsCompany'
      | 'transferLimit'
      | 'tooMany'
      | 'confirmCountry'
      | 'failed',
    message: string,
    readonly fields: Record<string, string> | null = null,
    readonly products: ProductId[] = [],
    /** For `holdLimit`: how many unpaid places of each product one buyer may hold (site/holds.ts). */
    readonly limits: Partial<Record<ProductId, number>> = {},
    /** For `confirmCountry`: the buyer's country and the other one the request came from. */
    readonly conflict: { country: string; edgeCountry: string } | null = null,
  ) {
    super(message);
  }
}

/** Whether a payment URL from the API is the site's own or a known payment provider's. */
export function isAllowedPaymentUrl(url: string, origin: string): boolean {
  try {
    const target = new URL(url, origin);
    if (target.origin === origin) return true;
    return (PAYMENT_HOSTS as readonly string[]).includes(target.origin);
  } catch {
    return false;
  }
}

/** A cart as `POST /api/orders` takes it. */
export type CartRequest = {
  email: string;
  lang: LanguageCode;
  items: { product: ProductId; name?: string; email?: string; access?: AccessNeeds }[];
  invoice?: InvoiceData;
  /** A bank transfer instead of the online checkout (with invoice data only); the answer's URL is the order page. */
  payment?: 'transfer';
  /** A voucher code as the buyer typed it; the box office prices the tickets it covers. */
  voucher?: string;
  /** Without invoice data, the buyer's country for VAT; `countryConfirmed` once they confirmed it. */
  country?: string;
  countryConfirmed?: boolean;
  /** Turnstile's token for this attempt, while Turnstile is on (site/turnstile.ts). */
  turnstile?: string;
};

/**
 * `POST /api/orders`; resolves to the payment URL. One idempotency key per attempt. Called only
 * once the buyer ticked the terms-and-privacy box: it sends the versions this page shows as
 * accepted (the order records them). A refusal of those versions (a text changed since the page
 * loaded) is said at that box.
 */
export async function placeCart(body: CartRequest): Promise<string> {
  const response = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ ...body, consent: CONSENT_VERSIONS }),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    url?: unknown;
    error?: unknown;
    fields?: Record<string, string>;
    products?: ProductId[];
    limits?: Partial<Record<ProductId, number>>;
    reason?: unknown;
  };
  const failed = (reason: PurchaseError['reason']) =>
    new PurchaseError(
      reason,
      `purchase failed: HTTP ${response.status} ${String(answer.error ?? '')}`,
      null,
      answer.products,
      answer.limits,
    );
  if (response.status === 429) throw failed('rateLimited');
  // Siteverify could not say (Cloudflare's trouble): said at the bot check, like its refusals.
  if (answer.error === 'bot_check_unavailable') {
    throw new PurchaseError('invalid', 'bot check unavailable', { turnstile: 'unavailable' });
  }
  if (answer.error === 'invalid_fields' && answer.fields) {
    const fields: Record<string, string> = {};
    for (const [path, code] of Object.entries(answer.fields)) {
      // `consent`, `consent.terms`, `consent.privacy`: the box the buyer ticked.
      if (path === 'consent' || path.startsWith('consent.')) fields.accepted ??= code;
      else fields[path] = code;
    }
    throw new PurchaseError('invalid', 'invalid fields', fields);
  }
  // A code the box office will not take (unknown, used up, expired...): said at the code's field.
  if (answer.error === 'invalid_voucher') {
    throw new PurchaseError('invalid', 'invalid voucher', { voucher: String(answer.reason ?? 'unknown') });
  }
  if (answer.error === 'sold_out') throw failed('soldOut');
  if (answer.error === 'sales_closed') throw failed('salesClosed');
  if (answer.error === 'transfer_closed') throw failed('transferClosed');
  if (answer.error === 'hold_limit') throw failed('holdLimit');
  if (answer.error === 'transfer_needs_company') throw failed('transferNeedsCompany');
  if (answer.error === 'transfer_limit') throw failed('transferLimit');
  if (answer.error === 'too_many_tickets') throw failed('tooMany');
  // The country given and the one the request came from disagree: the dialog asks which is right.
  if (answer.error === 'confirm_country') {
    const { country, edgeCountry } = answer as { country?: unknown; edgeCountry?: unknown };
    throw new PurchaseError(
      'confirmCountry',
      'country to confirm',
      null,
      [],
      {},
      {
        country: String(country),
        edgeCountry: String(edgeCountry),
      },
    );
  }
  if (!response.ok || typeof answer.url !== 'string') throw failed('failed');
  if (!isAllowedPaymentUrl(answer.url, window.location.origin)) {
    throw new PurchaseError('failed', `refusing to navigate to ${answer.url}`);
  }
  return answer.url;
}

/**
 * `POST /api/vouchers/check`: one ticket's price with the code, or a PurchaseError whose `voucher`
 * field says why the code is refused (`unknown`, `expired`, `not_for_product`...). Nothing is held.
 */
export async function checkVoucher(code: string, product: ProductId): Promise<VoucherQuote> {
  const response = await fetch('/api/vouchers/check', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, product }),
  });
  if (response.status === 429) throw new PurchaseError('rateLimited', 'voucher check rate-limited');
  const answer = (await response.json().catch(() => ({}))) as Partial<VoucherQuote> & {
    error?: string;
    reason?: string;
    fields?: Record<string, string>;
  };
  if (answer.error === 'invalid_voucher') {
    throw new PurchaseError('invalid', 'invalid voucher', { voucher: answer.reason ?? 'unknown' });
  }
  if (answer.error === 'invalid_fields' && answer.fields?.code) {
    throw new PurchaseError('invalid', 'invalid voucher', { voucher: 'invalid' });
  }
  if (!response.ok || typeof answer.gross !== 'number') throw new PurchaseError('failed', `HTTP ${response.status}`);
  return answer as VoucherQuote;
}

/** What `GET /api/vat` answers: OSS or not, the member states' rates of the day, the edge's country. */
export type VatRules = { oss: boolean; rates: Record<string, number>; country: string | null };

/** `GET /api/vat`, or Polish VAT alone (no OSS, no country) when it cannot be reached. */
export async function loadVatRules(): Promise<VatRules> {
  try {
    const response = await fetch('/api/vat');
    const answer = response.ok ? ((await response.json()) as Partial<VatRules>) : {};
    if (typeof answer.oss === 'boolean' && answer.rates && typeof answer.rates === 'object') {
      return { oss: answer.oss, rates: answer.rates, country: answer.country ?? null };
    }
  } catch {
    // Offline or refused: the summary shows 23%, and the order is priced by the worker anyway.
  }
  return { oss: false, rates: {}, country: null };
}
