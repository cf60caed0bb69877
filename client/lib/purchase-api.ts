import type { LanguageCode } from '../../site/languages';
import { PAYMENT_HOSTS } from '../../site/security';
import type { ProductId } from '../../site/tickets';

export type Invoice = { company: string; taxId: string; address: string };

/** Why a purchase failed, as far as the buyer needs to know. */
export class PurchaseError extends Error {
  constructor(
    readonly reason: 'invalid_email' | 'rate_limited' | 'failed',
    message: string,
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

/** `POST /api/purchase/:product`; resolves to the payment URL. One idempotency key per attempt. */
export async function startPurchase(
  product: ProductId,
  body: { email: string; lang: LanguageCode; name?: string; invoice?: Invoice },
): Promise<string> {
  const response = await fetch(`/api/purchase/${product}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown; fields?: unknown };
  if (response.status === 429) throw new PurchaseError('rate_limited', 'rate limited');
  if (response.status === 422 && answer.fields && typeof answer.fields === 'object' && 'email' in answer.fields) {
    throw new PurchaseError('invalid_email', 'invalid email');
  }
  if (!response.ok || typeof answer.url !== 'string') {
    throw new PurchaseError('failed', `purchase failed: HTTP ${response.status} ${String(answer.error ?? '')}`);
  }
  if (!isAllowedPaymentUrl(answer.url, window.location.origin)) {
    throw new PurchaseError('failed', `refusing to navigate to ${answer.url}`);
  }
  return answer.url;
}
