import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { clock, money } from './format';

/** When live numbers were last fetched, or that fetching waits for the tab to be seen. */
export function UpdatedAt({ at, paused }: { at: Date | null; paused: boolean }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  if (paused) return <p className="console-muted">{t('common.paused')}</p>;
  return at ? <p className="console-muted">{t('common.updated', { time: clock(lang, at) })}</p> : null;
}

/** Loading text, or the failure of a load with a way to try again. */
export function LoadState({ error, loading, retry }: { error: unknown; loading: boolean; retry: () => void }) {
  const { t } = useTranslation('admin');
  if (error && !(error instanceof ApiFailure && error.status === 401)) {
    return (
      <div className="console-alert" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="console-button console-button--quiet" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return loading ? <p className="console-muted">{t('common.loading')}</p> : null;
}

/** An API error code as the organiser reads it. */
export function useErrorText() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (error: unknown) => {
    const code = error instanceof ApiFailure ? error.code : 'error';
    const known = [
      'not_cancellable',
      'not_refundable',
      'not_paid',
      'refund_failed',
      'payment_unavailable',
      'not_found',
      'amount_mismatch',
      'already_paid',
      'no_place',
      'not_transfer',
      'not_payable',
    ] as const;
    const match = known.find((k) => k === code);
    const expected = error instanceof ApiFailure ? Number(error.details.expected ?? 0) : 0;
    return match ? t(`errors.${match}`, { expected: money(lang, expected) }) : t('errors.generic', { code });
  };
}
