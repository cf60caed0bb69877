import { type FormEvent, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { ExamplePill, kindHref, recordTitle, StatusPill } from './content';
import { Confirm, controlId, describedBy, Field, LanguageTabs, useFocusReturn } from './content-fields';
import { controlsOf, missingIn } from './content-form';
import { KindFields, TextsPanel } from './content-kind-fields';
import type { ContentKind } from './content-types';
import { Button } from './form-kit';
import { dateTime } from './format';
import { HistoryTable } from './history-table';
import { LoadState } from './status';
import { NEW_RECORD, useContentEditor } from './use-content-editor';

export { NEW_RECORD };

/**
 * One record: its fields, its texts per language (Polish required), its photo or logo, saved as a
 * draft with the version it was loaded at. A save that another organiser's came before is refused
 * and says so, keeping what was typed, with the choice of loading theirs or saving over it. Field
 * errors of the API show beside their fields. Also: unpublish, delete (asked once more), history.
 * The state and the calls are `useContentEditor`'s; the fields are `KindFields` and `TextsPanel`.
 */
export function ContentEditor({ kind, id }: { kind: ContentKind; id: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const prefix = useId().replaceAll(':', '');
  const isNew = id === NEW_RECORD;
  const { state, dispatch, load, save, remove, preview, unpublish } = useContentEditor(kind, id);
  const { record, loadError, form, newId, errors, problem, conflict, outcome, tab, busy, confirmingDelete } = state;
  const deleteButton = useFocusReturn(confirmingDelete);

  // The first field in error gets focus once its language's panel is shown.
  useEffect(() => {
    if (!state.focusTarget) return;
    document.getElementById(controlId(prefix, state.focusTarget))?.focus();
    dispatch({ type: 'focused' });
  }, [state.focusTarget, prefix, dispatch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  if (!isNew && !record) {
    if (loadError instanceof ApiFailure && loadError.status === 404) {
      return (
        <>
          <BackLink kind={kind} />
          <h1>{t('content.editor.notFound')}</h1>
        </>
      );
    }
    return <LoadState error={loadError} loading={!loadError} retry={load} />;
  }

  const cid = (path: string) => controlId(prefix, path);
  const shared = {
    prefix,
    values: form.values,
    errors,
    onSet: (path: string, value: string) => dispatch({ type: 'set', path, value }),
  };
  const title = isNew
    ? t(`content.editor.new.${kind}`)
    : t('content.editor.title', { kind: t(`content.one.${kind}`), name: record ? recordTitle(record) : id });
  const controls = controlsOf(kind);

  return (
    <>
      <BackLink kind={kind} />
      <div className="console-title">
        <h1>{title}</h1>
        {record && (
          <span className="console-pills">
            <StatusPill status={record.status} />
            {record.example && <ExamplePill />}
          </span>
        )}
      </div>
      {record && (
        <p className="console-muted">
          {t('content.editor.meta', {
            version: record.version,
            when: dateTime(lang, record.updatedAt),
            who: record.updatedBy,
          })}
          {record.publishedAt && ` ${t('content.editor.publishedAt', { when: dateTime(lang, record.publishedAt) })}`}
        </p>
      )}
      <div role="status" className="console-outcome">
        {outcome && (
          <p className={outcome.ok ? 'console-ok' : 'console-alert'}>
            {outcome.text} {outcome.ok && <Link href={kindHref(kind)}>{t('content.editor.toPublish')}</Link>}
          </p>
        )}
      </div>
      <div role="alert">
        {conflict && (
          <div className="console-alert">
            <p>{t('content.editor.conflict', { version: conflict.current ?? '?' })}</p>
            <div className="console-actions">
              <Button look="quiet" disabled={busy} onClick={() => void load()}>
                {t('content.editor.conflictLoad')}
              </Button>
              {conflict.current !== null && (
                <Button disabled={busy} onClick={() => void save(conflict.current ?? undefined)}>
                  {t('content.editor.conflictOverwrite')}
                </Button>
              )}
            </div>
          </div>
        )}
        {problem && <p className="console-alert">{problem}</p>}
      </div>
      <form className="console-editor" onSubmit={submit} noValidate aria-label={title}>
        <fieldset disabled={busy} className="console-editor__fields">
          <section className="console-panel" aria-labelledby={`${prefix}-details`}>
            <h2 id={`${prefix}-details`}>{t('content.editor.details')}</h2>
            <div className="console-editor__grid">
              {isNew && (
                <Field
                  id={cid('id')}
                  label={t('content.fields.id')}
                  hint={t('content.editor.idHint')}
                  error={errors.id}
                >
                  <input
                    id={cid('id')}
                    value={newId}
                    onChange={(event) => {
                      dispatch({ type: 'setId', value: event.currentTarget.value });
                    }}
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={64}
                    aria-required
                    aria-invalid={errors.id ? true : undefined}
                    aria-describedby={describedBy(cid('id'), true, Boolean(errors.id))}
                  />
                </Field>
              )}
              <KindFields
                {...shared}
                kind={kind}
                speakers={state.speakers}
                chosenSpeakers={form.speakers}
                onSpeakers={(next) => dispatch({ type: 'setSpeakers', speakers: next })}
              />
              <div className="console-field console-field--wide console-check">
                <input
                  id={cid('example')}
                  type="checkbox"
                  checked={form.example}
                  onChange={(event) => {
                    dispatch({ type: 'setExample', example: event.currentTarget.checked });
                  }}
                  aria-describedby={`${cid('example')}-hint`}
                />
                <label htmlFor={cid('example')}>{t('content.fields.example')}</label>
                <span id={`${cid('example')}-hint`} className="console-hint">
                  {t('content.editor.exampleHint')}
                </span>
              </div>
            </div>
          </section>
          <section className="console-panel" aria-labelledby={`${prefix}-texts`}>
            <h2 id={`${prefix}-texts`}>{t('content.editor.texts')}</h2>
            <p className="console-hint">{t('content.editor.textsIntro')}</p>
            <LanguageTabs
              prefix={prefix}
              selected={tab}
              onSelect={(next) => dispatch({ type: 'tab', tab: next })}
              missing={(language) => missingIn(kind, form.values, language).length}
              errors={(language) => controls.some((c) => c.startsWith(`texts.${language}.`) && errors[c])}
              panel={(language) => <TextsPanel {...shared} kind={kind} language={language} />}
            />
          </section>
          <div className="console-actions console-editor__save">
            <Button type="submit">{busy ? t('content.editor.saving') : t('content.editor.save')}</Button>
          </div>
        </fieldset>
      </form>
      {record && (
        <section aria-labelledby={`${prefix}-more`} className="console-panel console-editor__more">
          <h2 id={`${prefix}-more`}>{t('content.editor.more')}</h2>
          {confirmingDelete ? (
            <Confirm
              question={t('content.editor.deleteConfirm', { name: recordTitle(record) })}
              yes={t('content.editor.deleteYes')}
              no={t('content.editor.deleteNo')}
              danger
              busy={busy}
              onYes={() => void remove()}
              onNo={() => dispatch({ type: 'confirmDelete', asking: false })}
            />
          ) : (
            <div className="console-actions">
              <Button look="quiet" disabled={busy} onClick={() => void preview()}>
                {t('content.editor.preview')}
              </Button>
              {record.status !== 'draft' && (
                <Button look="quiet" disabled={busy} onClick={() => void unpublish()}>
                  {t('content.editor.unpublish')}
                </Button>
              )}
              <Button
                look="danger"
                ref={deleteButton}
                disabled={busy}
                onClick={() => dispatch({ type: 'confirmDelete', asking: true })}
              >
                {t('content.editor.delete')}
              </Button>
            </div>
          )}
        </section>
      )}
      {record && (
        <section aria-labelledby={`${prefix}-history`}>
          <h2 id={`${prefix}-history`}>{t('content.history.title')}</h2>
          <HistoryTable entries={record.history} caption={t('content.history.recordCaption')} />
        </section>
      )}
    </>
  );
}

function BackLink({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('admin');
  return (
    <p>
      <Link href={kindHref(kind)}>{t('content.editor.back', { kind: t(`content.kinds.${kind}`) })}</Link>
    </p>
  );
}
