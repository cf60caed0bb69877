import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './form-kit';
import { useApi } from './session';

/** Downloads the CSV of what the table shows (with the token, so not a plain link). */
export function ExportButton({ path, filename, label }: { path: string; filename: string; label?: string }) {
  const { t } = useTranslation('admin');
  const { download } = useApi();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await download(path, filename);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="console-export">
      <Button look="quiet" onClick={run} disabled={busy}>
        {busy ? t('common.exporting') : (label ?? t('common.exportCsv'))}
      </Button>
      {failed && (
        <p className="console-alert" role="alert">
          {t('common.exportFailed')}
        </p>
      )}
    </div>
  );
}
