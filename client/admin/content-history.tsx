import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { HistoryEntry } from './content-types';
import { ScreenHead } from './form-kit';
import { HistoryTable } from './history-table';
import { LoadState } from './status';
import { useLoad } from './use-load';

/** Who changed what in the content, newest first (the API keeps the last hundred changes here). */
export function ContentHistory() {
  const { t } = useTranslation('admin');
  const { value: entries, error, load } = useLoad<HistoryEntry[]>('/api/admin/content/history', 'history');
  return (
    <>
      <p>
        <Link href="/content">{t('content.history.back')}</Link>
      </p>
      <ScreenHead title={t('content.history.title')} />
      <LoadState error={error} loading={!entries && !error} retry={load} />
      {entries && <HistoryTable entries={entries} caption={t('content.history.caption')} withRecord />}
    </>
  );
}
