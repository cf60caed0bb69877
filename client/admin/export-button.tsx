import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './form-kit';
import { useApi } from './session';

/**
 * A file the console downloads with the organiser's token (so not a plain link): `get` fetches it,
 * `busy` while it comes, `failed` when the last one did not (the screen says so where its button is).
 */
export function useDownload() {
  const { download } = useApi();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const get = async (path: string, filename: string) => {
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
  return { busy, failed, get };
}

/** Downloads the CSV of what the table shows. */
export function ExportButton({ path, filename, label }: { path: string; filename: string; label?: string }) {
  const { t } = useTranslation('admin');
  const { busy, failed, get } = useDownload();
  const run = () => get(path, filename);
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
