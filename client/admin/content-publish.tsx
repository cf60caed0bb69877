import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/use-language';
import { Confirm, useFocusReturn } from './content-fields';
import type { Scheduled } from './content-types';
import { DataTable, timeColumn } from './data-table';
import { dateTime } from './format';
import { useApi } from './session';
import { LoadState, useErrorText } from './status';
import { useLoad } from './use-load';
import { warsawInstant } from './warsaw-time';

type Outcome = { ok: boolean; text: string };

/**
 * Publishing the drafts: now (asked once more), or at a moment given in Warsaw time; the
 * publications still to come (the edition's lists on 1 September among them) with a way to cancel
 * each. Drafts change nothing visitors see until one of these runs.
 */
export function ContentPublish({ onPublished }: { onPublished: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const errorText = useErrorText();
  const ids = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [atError, setAtError] = useState<string | null>(null);
  const publishButton = useFocusReturn(confirming);

  const {
    value: scheduled,
    error: loadError,
    load: loadSchedule,
  } = useLoad<Scheduled[]>('/api/admin/content/schedule', 'scheduled');

  const publishNow = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await call<{ published: number }>('/api/admin/content/publish', { method: 'POST', body: {} });
      setOutcome({ ok: true, text: t('content.publish.done', { count: result.published }) });
      onPublished();
    } catch (failure) {
      setOutcome({ ok: false, text: errorText(failure) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const schedule = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = String(new FormData(event.currentTarget).get('at') ?? '');
    const at = warsawInstant(local);
    const problem = !local ? 'required' : !at ? 'invalid' : Date.parse(at) <= Date.now() ? 'in_past' : null;
    setAtError(problem);
    setOutcome(null);
    if (problem || !at) {
      document.getElementById(`${ids}-at`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await call<{ scheduled?: Scheduled }>('/api/admin/content/publish', {
        method: 'POST',
        body: { at },
      });
      setOutcome({
        ok: true,
        text: t('content.publish.scheduledFor', { when: dateTime(lang, result.scheduled?.at ?? at) }),
      });
      await loadSchedule();
    } catch (failure) {
      setOutcome({ ok: false, text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (entry: Scheduled) => {
    setBusy(true);
    setOutcome(null);
    try {
      await call(`/api/admin/content/schedule/${entry.id}`, { method: 'DELETE' });
      setOutcome({ ok: true, text: t('content.publish.cancelled', { when: dateTime(lang, entry.at) }) });
    } catch (failure) {
      setOutcome({ ok: false, text: errorText(failure) });
    } finally {
      await loadSchedule();
      setBusy(false);
    }
  };

  return (
    <section className="console-panel console-publish" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('content.publish.title')}</h2>
      <p className="console-hint">{t('content.publish.intro')}</p>
      <div role="status" className="console-outcome">
        {outcome && <p className={outcome.ok ? 'console-ok' : 'console-alert'}>{outcome.text}</p>}
      </div>
      <div className="console-publish__ways">
        <div>
          <h3>{t('content.publish.nowTitle')}</h3>
          {confirming ? (
            <Confirm
              question={t('content.publish.confirm')}
              yes={t('content.publish.confirmYes')}
              no={t('content.publish.confirmNo')}
              busy={busy}
              onYes={() => void publishNow()}
              onNo={() => setConfirming(false)}
            />
          ) : (
            <button
              ref={publishButton}
              type="button"
              className="console-button"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {t('content.publish.now')}
            </button>
          )}
        </div>
        <form onSubmit={schedule} noValidate aria-labelledby={`${ids}-later`}>
          <h3 id={`${ids}-later`}>{t('content.publish.laterTitle')}</h3>
          <div className="console-field">
            <label htmlFor={`${ids}-at`}>{t('content.publish.at')}</label>
            <div className="console-inline">
              <input
                id={`${ids}-at`}
                name="at"
                type="datetime-local"
                aria-invalid={atError ? true : undefined}
                aria-describedby={`${ids}-at-hint${atError ? ` ${ids}-at-error` : ''}`}
                onInput={() => atError && setAtError(null)}
              />
              <button type="submit" className="console-button" disabled={busy}>
                {t('content.publish.schedule')}
              </button>
            </div>
            <span id={`${ids}-at-hint`} className="console-hint">
              {t('content.publish.atHint')}
            </span>
            {atError && (
              <p id={`${ids}-at-error`} className="console-field__error">
                {t(`content.publish.atErrors.${atError as 'required'}`)}
              </p>
            )}
          </div>
        </form>
      </div>
      <h3>{t('content.publish.pending')}</h3>
      <LoadState error={loadError} loading={!scheduled && !loadError} retry={loadSchedule} />
      {scheduled && (
        <DataTable<Scheduled>
          caption={t('content.publish.pendingCaption')}
          rows={scheduled}
          rowKey={(entry) => entry.id}
          empty={t('content.publish.none')}
          columns={[
            timeColumn(lang, 'when', t('content.publish.when'), (entry) => entry.at, {
              rowHeader: true,
              className: undefined,
            }),
            {
              id: 'by',
              header: t('content.publish.by'),
              cell: (entry) => (entry.source === 'lists' ? t('content.publish.lists') : entry.createdBy),
            },
            {
              id: 'actions',
              header: t('content.publish.actions'),
              headerHidden: true,
              cell: (entry) => (
                <button
                  type="button"
                  className="console-button console-button--quiet console-button--small"
                  disabled={busy}
                  onClick={() => void cancel(entry)}
                >
                  {t('content.publish.cancel')}
                  <span className="visually-hidden">
                    {' '}
                    {t('content.publish.cancelOf', { when: dateTime(lang, entry.at) })}
                  </span>
                </button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
