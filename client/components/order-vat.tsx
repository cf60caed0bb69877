import type { i18n as I18n } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPrice } from '../../site/format';
import type { LanguageCode } from '../../site/languages';
import type { OrderView, VatStatus } from '../../site/order-view';
import { useLanguage } from '../lib/use-language';

// Its catalogue's loaders are in this chunk, loaded only for an order that shows the section, not
// among the islands' in the entry (client/lib/i18n.ts), which every island page loads.
const TEXTS: Record<LanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  pl: () => import('../../locales/pl/vat.json'),
  'en-GB': () => import('../../locales/en-GB/vat.json'),
  'en-US': () => import('../../locales/en-US/vat.json'),
  de: () => import('../../locales/de/vat.json'),
  es: () => import('../../locales/es/vat.json'),
};

/** Adds the section's texts (locales/<lng>/vat.json) to an i18next instance, once per instance. */
export async function loadVatTexts(i18n: I18n, lang: LanguageCode): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'vat')) i18n.addResourceBundle(lang, 'vat', (await TEXTS[lang]()).default);
}

/** Why a re-check did not correct the order, as the catalogue names it (locales/<lng>/vat.json `failed.*`). */
type Failure = 'vies_unavailable' | 'vat_id_not_registered' | 'pay_first' | 'refund_failed' | 'server';

/**
 * An EU business's VAT number on its order page: what VIES said (23% VAT was charged while it
 * could not answer), the button that asks VIES again when the order may (worker/tax/vat-recheck.ts),
 * and what came of it: the reverse charge and the refund, or why nothing changed. The state is a
 * polite live region and a failure an alert, so a screen reader hears the outcome of the press.
 */
export function OrderVat({
  order,
  vat,
  urls,
  onChange,
}: {
  order: OrderView;
  vat: VatStatus;
  /** The order's address in the API and its re-check's, with the buyer's secret; null without it. */
  urls: { order: string; recheck: string } | null;
  onChange: (order: OrderView) => void;
}) {
  const { t } = useTranslation('vat');
  const lang = useLanguage();
  const titleId = useId();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<Failure | null>(null);
  const values = { vatId: vat.vatId, date: formatDateTime(lang, vat.checkedAt) };

  const recheck = async () => {
    if (!urls) return;
    setSending(true);
    setFailed(null);
    try {
      const response = await fetch(urls.recheck, { method: 'POST' });
      const body = (await response.json().catch(() => null)) as
        | (OrderView & { error?: undefined })
        | { error: string; fields?: Record<string, string> }
        | null;
      if (response.ok && body && !body.error) return onChange(body as OrderView);
      const code = body?.error === 'invalid_fields' ? body.fields?.['invoice.taxId'] : body?.error;
      setFailed(
        code === 'vies_unavailable' ||
          code === 'vat_id_not_registered' ||
          code === 'pay_first' ||
          code === 'refund_failed'
          ? code
          : 'server',
      );
      // Not registered: the page shows VIES's answer from now on.
      if (code === 'vat_id_not_registered' || response.status === 409) {
        const fresh = await fetch(urls.order);
        if (fresh.ok) onChange((await fresh.json()) as OrderView);
      }
    } catch {
      setFailed('server');
    } finally {
      setSending(false);
    }
  };

  const { correction } = vat;
  return (
    <section className="order-manage order-vat" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('title')}</h2>
      <div role="status" className="order-vat__state">
        {sending ? (
          <p>{t('checking')}</p>
        ) : correction ? (
          <>
            <p>{t('corrected', values)}</p>
            <p>
              {t(correction.refund === 'refunded' ? 'refunded' : correction.refund === 'due' ? 'due' : 'repriced', {
                amount: formatPrice(lang, correction.difference, true),
              })}
            </p>
          </>
        ) : (
          <p>{t(vat.status === 'invalid' ? 'invalid' : 'unavailable', values)}</p>
        )}
      </div>
      {failed && (
        <p className="field__error" role="alert">
          {t(`failed.${failed}`, values)}
        </p>
      )}
      {vat.recheck === 'pay_first' && order.status === 'pending' && <p>{t('payFirst')}</p>}
      {vat.recheck === 'available' && urls && (
        <div className="order-manage__actions">
          <button
            type="button"
            className="button button--outline"
            disabled={sending}
            aria-busy={sending}
            onClick={recheck}
          >
            {t('recheck')}
          </button>
        </div>
      )}
    </section>
  );
}
