import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { LanguageCode } from '../../site/languages';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { ExamplePill, kindHref, recordHref, recordTitle, StatusPill } from './content';
import {
  Confirm,
  controlId,
  describedBy,
  Field,
  ImageField,
  LanguageTabs,
  SpeakerChoice,
  useFocusReturn,
} from './content-fields';
import {
  bodyOf,
  controlsOf,
  errorsByControl,
  type FormValues,
  formOf,
  idFrom,
  missingIn,
  textPath,
} from './content-form';
import {
  CONTENT_ID,
  type ContentKind,
  type ContentRecord,
  MAX_LIST_ENTRIES,
  PARTNER_PACKAGES,
  type RecordDetail,
  TEXT_FIELDS,
  TRACKS,
  WORKSHOP_CATEGORIES,
  WORKSHOP_LEVELS,
} from './content-types';
import { dateTime } from './format';
import { HistoryTable } from './history-table';
import { useApi } from './session';
import { LoadState, useErrorText } from './status';

/** The path segment of a record not saved yet: the console never lets a record take it as its id. */
export const NEW_RECORD = 'new';

type Outcome = { ok: boolean; text: string };

/**
 * One record: its fields, its texts per language (Polish required), its photo or logo, saved as a
 * draft with the version it was loaded at. A save that another organiser's came before is refused
 * and says so, keeping what was typed, with the choice of loading theirs or saving over it. Field
 * errors of the API show beside their fields. Also: unpublish, delete (asked once more), history.
 */
export function ContentEditor({ kind, id }: { kind: ContentKind; id: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const prefix = useId().replaceAll(':', '');
  const isNew = id === NEW_RECORD;

  const [record, setRecord] = useState<RecordDetail | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [form, setForm] = useState<FormValues>(() => formOf(kind, null));
  const [newId, setNewId] = useState('');
  const [idEdited, setIdEdited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ current: number | null } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [tab, setTab] = useState<LanguageCode>('pl');
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [speakers, setSpeakers] = useState<ContentRecord[] | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const deleteButton = useFocusReturn(confirmingDelete);
  // A new record's first save moves to its own address: the message of that save stays.
  const keepOutcome = useRef(false);

  const load = useCallback(async () => {
    if (id === NEW_RECORD) {
      setRecord(null);
      setForm(formOf(kind, null));
      return;
    }
    try {
      const detail = await call<RecordDetail>(`/api/admin/content/${kind}/${encodeURIComponent(id)}`);
      setRecord(detail);
      setForm(formOf(kind, detail.draft, detail.example));
      setLoadError(null);
    } catch (failure) {
      setLoadError(failure);
    }
  }, [call, kind, id]);

  useEffect(() => {
    setErrors({});
    setProblem(null);
    setConflict(null);
    setConfirmingDelete(false);
    if (keepOutcome.current) keepOutcome.current = false;
    else setOutcome(null);
    void load();
  }, [load]);

  useEffect(() => {
    if (kind !== 'sessions' && kind !== 'workshops') return;
    let current = true;
    call<{ records: ContentRecord[] }>('/api/admin/content/speakers').then(
      (result) => current && setSpeakers(result.records),
      () => current && setSpeakers([]),
    );
    return () => {
      current = false;
    };
  }, [call, kind]);

  // The first field in error gets focus once its language's panel is shown.
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(controlId(prefix, focusTarget))?.focus();
    setFocusTarget(null);
  }, [focusTarget, prefix]);

  const value = (path: string) => form.values[path] ?? '';
  const set = (path: string, next: string) => {
    setForm((before) => ({ ...before, values: { ...before.values, [path]: next } }));
    if (errors[path]) setErrors(({ [path]: _, ...rest }) => rest);
    // A new record's id follows its name (or Polish title) until the organiser types one.
    if (isNew && !idEdited && (path === 'name' || path === textPath('pl', 'title'))) setNewId(idFrom(next));
  };

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = ['id', ...controlsOf(kind)].find((path) => found[path]);
    if (!first) return;
    const lang = /^texts\.([^.]+)\./.exec(first)?.[1] as LanguageCode | undefined;
    if (lang) setTab(lang);
    setFocusTarget(first);
  };

  const save = async (version?: number) => {
    const target = isNew ? newId.trim() : id;
    setOutcome(null);
    setProblem(null);
    if (isNew && (!CONTENT_ID.test(target) || target === NEW_RECORD)) {
      showErrors({ id: target ? 'invalid_id' : 'required' });
      setProblem(t('content.editor.invalid'));
      return;
    }
    setBusy(true);
    try {
      const expected = version ?? record?.version;
      const saved = await call<ContentRecord>(`/api/admin/content/${kind}/${encodeURIComponent(target)}`, {
        method: 'PUT',
        body: { ...bodyOf(kind, form), example: form.example },
        headers: expected === undefined ? {} : { 'If-Match': `"${expected}"` },
      });
      setConflict(null);
      setErrors({});
      setOutcome({ ok: true, text: t('content.editor.saved', { version: saved.version }) });
      if (isNew) {
        keepOutcome.current = true;
        navigate(recordHref(kind, target), { replace: true });
      } else await load();
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) setProblem(errorText(failure));
      else if (failure.code === 'invalid_fields') {
        const fields = (failure.details.fields ?? {}) as Record<string, string>;
        const found = errorsByControl(fields, controlsOf(kind));
        const { '': general, ...beside } = found;
        showErrors(beside);
        setProblem(general ? t('content.editor.invalidOther', { code: general }) : t('content.editor.invalid'));
      } else if (failure.code === 'version_conflict') {
        setConflict({ current: typeof failure.details.current === 'number' ? failure.details.current : null });
      } else if (failure.code === 'version_required' && isNew) {
        showErrors({ id: 'id_taken' });
        setProblem(t('content.editor.invalid'));
      } else setProblem(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  const remove = async () => {
    if (!record) return;
    setBusy(true);
    setProblem(null);
    try {
      await call(`/api/admin/content/${kind}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: { 'If-Match': `"${record.version}"` },
      });
      navigate(kindHref(kind));
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.code === 'in_use') {
        setProblem(t('content.editor.inUse', { records: ((failure.details.by as string[]) ?? []).join(', ') }));
      } else if (failure instanceof ApiFailure && failure.code === 'version_conflict') {
        setConflict({ current: typeof failure.details.current === 'number' ? failure.details.current : null });
      } else setProblem(errorText(failure));
      setConfirmingDelete(false);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Opens the record's page with every draft applied, as visitors will see it once published
   * (worker/content/preview.ts): a signed link valid for 15 minutes, in a tab of its own. The tab
   * is opened at the click, before the link is asked for, so that no popup blocker stops it.
   */
  const preview = async () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setOutcome(null);
    try {
      const { url } = await call<{ url: string }>('/api/admin/content/preview', {
        method: 'POST',
        body: { path: href('pl', PREVIEW_PAGE[kind]) },
      });
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      tab?.close();
      setOutcome({ ok: false, text: errorText(failure) });
    }
  };

  const unpublish = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await call(`/api/admin/content/${kind}/${encodeURIComponent(id)}/unpublish`, { method: 'POST' });
      setOutcome({ ok: true, text: t('content.editor.unpublished') });
      const detail = await call<RecordDetail>(`/api/admin/content/${kind}/${encodeURIComponent(id)}`);
      // The draft stays as typed: only the state and the history change.
      setRecord(detail);
    } catch (failure) {
      setOutcome({ ok: false, text: errorText(failure) });
    } finally {
      setBusy(false);
    }
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
  const input = (
    path: string,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => (
    <Field id={cid(path)} label={label} hint={hint} error={errors[path]}>
      <input
        id={cid(path)}
        value={value(path)}
        onChange={(event) => set(path, event.currentTarget.value)}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={describedBy(cid(path), Boolean(hint), Boolean(errors[path]))}
        {...props}
      />
    </Field>
  );
  const select = (path: string, label: string, options: readonly { value: string; label: string }[]) => (
    <Field id={cid(path)} label={label} error={errors[path]}>
      <select
        id={cid(path)}
        value={value(path)}
        onChange={(event) => set(path, event.currentTarget.value)}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={describedBy(cid(path), false, Boolean(errors[path]))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
  const choices = <V extends string>(values: readonly V[], label: (v: V) => string) =>
    values.map((v) => ({ value: v, label: label(v) }));
  const image = (path: 'image' | 'logo') => (
    <ImageField
      id={cid(path)}
      label={t(`content.fields.${path}`)}
      value={value(path)}
      error={errors[path]}
      onChange={(key) => set(path, key)}
    />
  );
  const link = (path: string, label: string) =>
    input(
      path,
      label,
      { type: 'url', inputMode: 'url', autoComplete: 'off', placeholder: 'https://' },
      t('content.editor.httpsHint'),
    );

  const fields = () => {
    switch (kind) {
      case 'speakers':
        return (
          <>
            {input('name', t('content.fields.name'), { autoComplete: 'off', maxLength: 120, 'aria-required': true })}
            {image('image')}
            {link('links.linkedin', t('content.fields.linkedin'))}
            {link('links.x', t('content.fields.x'))}
            {link('links.website', t('content.fields.website'))}
          </>
        );
      case 'sessions':
        return (
          <>
            {select(
              'track',
              t('content.fields.track'),
              choices(TRACKS, (v) => t(`content.tracks.${v}`)),
            )}
            {select(
              'room',
              t('content.fields.room'),
              choices(['mainHall', 'hallB'] as const, (v) => t(`content.rooms.${v}`)),
            )}
            {input(
              'start',
              t('content.fields.start'),
              { type: 'time', 'aria-required': true },
              t('content.editor.timeHint'),
            )}
            {input(
              'end',
              t('content.fields.end'),
              { type: 'time', 'aria-required': true },
              t('content.editor.timeHint'),
            )}
            {input(
              'seats',
              t('content.fields.seats'),
              { type: 'number', min: 1, max: 10000, step: 1 },
              t('content.editor.seatsHint'),
            )}
            <SpeakerChoice
              id={cid('speakers')}
              speakers={speakers}
              chosen={form.speakers}
              error={errors.speakers}
              onChange={(next) => {
                setForm((before) => ({ ...before, speakers: next }));
                if (errors.speakers) setErrors(({ speakers: _, ...rest }) => rest);
              }}
            />
          </>
        );
      case 'workshops':
        return (
          <>
            {select(
              'category',
              t('content.fields.category'),
              choices(WORKSHOP_CATEGORIES, (v) => t(`content.categories.${v}`)),
            )}
            {select(
              'level',
              t('content.fields.level'),
              choices(WORKSHOP_LEVELS, (v) => t(`content.levels.${v}`)),
            )}
            {input('durationHours', t('content.fields.durationHours'), {
              type: 'number',
              min: 0.5,
              max: 12,
              step: 0.5,
              'aria-required': true,
            })}
            {input('capacity', t('content.fields.capacity'), {
              type: 'number',
              min: 1,
              max: 500,
              step: 1,
              'aria-required': true,
            })}
            {select('instructor', t('content.fields.instructor'), [
              { value: '', label: t('content.editor.noInstructor') },
              ...(speakers ?? []).map((s) => ({ value: s.id, label: recordTitle(s) })),
              // The draft's instructor before the speakers have loaded (or gone since): still shown.
              ...(value('instructor') && !speakers?.some((s) => s.id === value('instructor'))
                ? [{ value: value('instructor'), label: value('instructor') }]
                : []),
            ])}
          </>
        );
      case 'exhibitors':
        return (
          <>
            {input('name', t('content.fields.name'), { autoComplete: 'off', maxLength: 120, 'aria-required': true })}
            {image('logo')}
            {input('booth', t('content.fields.booth'), { autoComplete: 'off', maxLength: 20, 'aria-required': true })}
            {link('link', t('content.fields.link'))}
            {input('demo.start', t('content.fields.demoStart'), { type: 'time' }, t('content.editor.demoHint'))}
            {input('demo.end', t('content.fields.demoEnd'), { type: 'time' })}
          </>
        );
      case 'partners':
        return (
          <>
            {input('name', t('content.fields.name'), { autoComplete: 'off', maxLength: 120, 'aria-required': true })}
            {image('logo')}
            {select(
              'package',
              t('content.fields.package'),
              choices(PARTNER_PACKAGES, (v) => t(`content.packages.${v}`)),
            )}
            {link('link', t('content.fields.link'))}
          </>
        );
    }
  };

  const textPanel = (language: LanguageCode) => (
    <div className="console-editor__grid">
      {TEXT_FIELDS[kind].map((field) => {
        const path = textPath(language, field.name);
        const polish = value(textPath('pl', field.name)).trim();
        const missing = language !== 'pl' && polish !== '' && value(path).trim() === '';
        const hint = [
          field.type === 'list' ? t('content.editor.listHint', { count: MAX_LIST_ENTRIES }) : '',
          missing ? t('content.editor.missingHint') : '',
          language !== 'pl' && polish ? t('content.editor.polishIs', { text: clip(polish) }) : '',
        ]
          .filter(Boolean)
          .join(' ');
        const required = language === 'pl' && field.required;
        const label = `${t(`content.fields.${field.name}` as 'content.fields.role')}${required ? ` ${t('content.editor.requiredMark')}` : ''}`;
        const props = {
          id: cid(path),
          value: value(path),
          lang: language,
          'aria-required': required || undefined,
          'aria-invalid': errors[path] ? true : undefined,
          'aria-describedby': describedBy(cid(path), Boolean(hint), Boolean(errors[path])),
        } as const;
        return (
          <Field key={path} id={cid(path)} label={label} hint={hint || undefined} error={errors[path]} wide>
            {field.type === 'line' ? (
              <input {...props} onChange={(event) => set(path, event.currentTarget.value)} autoComplete="off" />
            ) : (
              <textarea
                {...props}
                rows={field.type === 'list' ? 4 : 6}
                onChange={(event) => set(path, event.currentTarget.value)}
              />
            )}
          </Field>
        );
      })}
    </div>
  );

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
              <button
                type="button"
                className="console-button console-button--quiet"
                disabled={busy}
                onClick={() => void load()}
              >
                {t('content.editor.conflictLoad')}
              </button>
              {conflict.current !== null && (
                <button
                  type="button"
                  className="console-button"
                  disabled={busy}
                  onClick={() => void save(conflict.current ?? undefined)}
                >
                  {t('content.editor.conflictOverwrite')}
                </button>
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
                      setNewId(event.currentTarget.value);
                      setIdEdited(true);
                      if (errors.id) setErrors(({ id: _, ...rest }) => rest);
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
              {fields()}
              <div className="console-field console-field--wide console-check">
                <input
                  id={cid('example')}
                  type="checkbox"
                  checked={form.example}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setForm((before) => ({ ...before, example: checked }));
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
              onSelect={setTab}
              missing={(language) => missingIn(kind, form.values, language).length}
              errors={(language) => controls.some((c) => c.startsWith(`texts.${language}.`) && errors[c])}
              panel={textPanel}
            />
          </section>
          <div className="console-actions console-editor__save">
            <button type="submit" className="console-button">
              {busy ? t('content.editor.saving') : t('content.editor.save')}
            </button>
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
              onNo={() => setConfirmingDelete(false)}
            />
          ) : (
            <div className="console-actions">
              <button
                type="button"
                className="console-button console-button--quiet"
                disabled={busy}
                onClick={() => void preview()}
              >
                {t('content.editor.preview')}
              </button>
              {record.status !== 'draft' && (
                <button
                  type="button"
                  className="console-button console-button--quiet"
                  disabled={busy}
                  onClick={() => void unpublish()}
                >
                  {t('content.editor.unpublish')}
                </button>
              )}
              <button
                ref={deleteButton}
                type="button"
                className="console-button console-button--danger"
                disabled={busy}
                onClick={() => setConfirmingDelete(true)}
              >
                {t('content.editor.delete')}
              </button>
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

/** A long Polish text shortened for a hint under its translation. */
const clip = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** The page that shows each kind, where its preview opens. */
const PREVIEW_PAGE: Record<ContentKind, PageId> = {
  speakers: 'speakers',
  sessions: 'program',
  workshops: 'workshops',
  exhibitors: 'expo',
  partners: 'expo',
};

function BackLink({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('admin');
  return (
    <p>
      <Link href={kindHref(kind)}>{t('content.editor.back', { kind: t(`content.kinds.${kind}`) })}</Link>
    </p>
  );
}
