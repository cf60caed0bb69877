import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { HistoryEntry } from './content-types';
import { HistoryTable } from './history-table';
import { useApi } from './session';
import { LoadState } from './status';

/** Who changed what in the content, newest first (the API keeps the last hundred changes here). */
export function ContentHistory() {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      setEntries((await call<{ history: HistoryEntry[] }>('/api/admin/content/history')).history);
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <>
      <p>
        <Link href="/content">{t('content.history.back')}</Link>
      </p>
      <div className="console-title">
        <h1>{t('content.history.title')}</h1>
      </div>
      <LoadState error={error} loading={!entries && !error} retry={load} />
      {entries && <HistoryTable entries={entries} caption={t('content.history.caption')} withRecord />}
    </>
  );
}
