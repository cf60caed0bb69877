import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/use-language';
import { Confirm, useFocusReturn } from './content-fields';
import type { Scheduled } from './content-types';
import { actionsColumn, DataTable, timeColumn } from './data-table';
import { Button, Field, Outcome, useAction } from './form-kit';
import { dateTime } from './format';
import { useApi } from './session';
import { useLoad } from './use-load';
import { warsawInstant } from './warsaw-time';

/**
 * Publishing the drafts: now (asked once more), or at a moment given in Warsaw time; the
 * publications still to come (the edition's lists on 1 September among them) with a way to cancel
 * each. Drafts change nothing visitors see until one of these runs.
 */
export function ContentPublish({ onPublished }: { onPublished: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const ids = useId();
  const [confirming, setConfirming] = useState(false);
  const { busy, notice, setNotice, run } = useAction();
  const [atError, setAtError] = useState<string | null>(null);
  const publishButton = useFocusReturn(confirming);

  const scheduled = useLoad<Scheduled[]>('/api/admin/content/schedule', 'scheduled');
  const loadSchedule = scheduled.load;

  const publishNow = () =>
    run(async () => {
      try {
        const result = await call<{ published: number }>('/api/admin/content/publish', { method: 'POST', body: {} });
        onPublished();
        return t('content.publish.done', { count: result.published });
      } finally {
        setConfirming(false);
      }
    });

  const schedule = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = String(new FormData(event.currentTarget).get('at') ?? '');
    const at = warsawInstant(local);
    const problem = !local ? 'required' : !at ? 'invalid' : Date.parse(at) <= Date.now() ? 'in_past' : null;
    setAtError(problem);
    setNotice(null);
    if (problem || !at) {
      document.getElementById(`${ids}-at`)?.focus();
      return;
    }
    await run(async () => {
      const result = await call<{ scheduled?: Scheduled }>('/api/admin/content/publish', {
        method: 'POST',
        body: { at },
      });
      await loadSchedule();
      return t('content.publish.scheduledFor', { when: dateTime(lang, result.scheduled?.at ?? at) });
    });
  };

  const cancel = (entry: Scheduled) =>
    run(async () => {
      try {
        await call(`/api/admin/content/schedule/${entry.id}`, { method: 'DELETE' });
      } finally {
        await loadSchedule();
      }
      return t('content.publish.cancelled', { when: dateTime(lang, entry.at) });
    });

  return (
    <section className="console-panel console-publish" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('content.publish.title')}</h2>
      <p className="console-hint">{t('content.publish.intro')}</p>
      <Outcome notice={notice} className="console-outcome" />
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
            <Button ref={publishButton} disabled={busy} onClick={() => setConfirming(true)}>
              {t('content.publish.now')}
            </Button>
          )}
        </div>
        <form onSubmit={schedule} noValidate aria-labelledby={`${ids}-later`}>
          <h3 id={`${ids}-later`}>{t('content.publish.laterTitle')}</h3>
          <Field
            id={`${ids}-at`}
            label={t('content.publish.at')}
            hint={t('content.publish.atHint')}
            error={atError && t(`content.publish.atErrors.${atError as 'required'}`)}
          >
            <div className="console-inline">
              <input
                id={`${ids}-at`}
                name="at"
                type="datetime-local"
                aria-invalid={atError ? true : undefined}
                aria-describedby={`${ids}-at-hint${atError ? ` ${ids}-at-error` : ''}`}
                onInput={() => atError && setAtError(null)}
              />
              <Button type="submit" disabled={busy}>
                {t('content.publish.schedule')}
              </Button>
            </div>
          </Field>
        </form>
      </div>
      <h3>{t('content.publish.pending')}</h3>
      <DataTable<Scheduled>
        caption={t('content.publish.pendingCaption')}
        loaded={scheduled}
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
          actionsColumn(t('content.publish.actions'), (entry) => (
            <Button look="quiet" small disabled={busy} onClick={() => void cancel(entry)}>
              {t('content.publish.cancel')}
              <span className="visually-hidden">
                {' '}
                {t('content.publish.cancelOf', { when: dateTime(lang, entry.at) })}
              </span>
            </Button>
          )),
        ]}
      />
    </section>
  );
}
