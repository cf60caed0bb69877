// The content editor's state as one reducer: what was loaded, what was typed, what the API said.
// The reducer is pure (test/client/use-content-editor.test.ts); the hook below adds the API calls.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { LanguageCode } from '../../site/languages';
import { href, type PageId } from '../../site/pages';
import { ApiFailure } from './api';
import { kindHref, recordHref } from './content';
import { bodyOf, controlsOf, errorsByControl, type FormValues, formOf, idFrom, textPath } from './content-form';
import { CONTENT_ID, type ContentKind, type ContentRecord, type RecordDetail } from './content-types';
import { useApi } from './session';
import { useErrorText } from './status';

/** The path segment of a record not saved yet: the console never lets a record take it as its id. */
export const NEW_RECORD = 'new';

export type Outcome = { ok: boolean; text: string };

export type EditorState = {
  kind: ContentKind;
  isNew: boolean;
  record: RecordDetail | null;
  loadError: unknown;
  form: FormValues;
  /** A new record's id, following its name until the organiser types one (`idEdited`). */
  newId: string;
  idEdited: boolean;
  /** Field errors by control path. */
  errors: Record<string, string>;
  /** The form's own message (the fields to fix, or what else went wrong). */
  problem: string | null;
  /** A save or delete another organiser's came before: the version now stored, if known. */
  conflict: { current: number | null } | null;
  outcome: Outcome | null;
  tab: LanguageCode;
  busy: boolean;
  confirmingDelete: boolean;
  /** The speakers a session or workshop may name; null until loaded. */
  speakers: ContentRecord[] | null;
  /** The control to focus once it is shown (the first in error). */
  focusTarget: string | null;
};

export type EditorAction =
  | { type: 'opened'; kind: ContentKind; id: string; keepOutcome: boolean }
  | { type: 'loaded'; detail: RecordDetail | null }
  | { type: 'loadFailed'; error: unknown }
  | { type: 'speakers'; speakers: ContentRecord[] }
  | { type: 'set'; path: string; value: string }
  | { type: 'setSpeakers'; speakers: string[] }
  | { type: 'setExample'; example: boolean }
  | { type: 'setId'; value: string }
  | { type: 'tab'; tab: LanguageCode }
  | { type: 'focused' }
  | { type: 'fieldErrors'; errors: Record<string, string>; problem: string }
  /** An action begins: the messages it replaces go, and the form is busy while it waits. */
  | { type: 'started'; clear: readonly ('outcome' | 'problem')[]; busy?: boolean }
  | { type: 'finished' }
  | { type: 'saved'; text: string }
  | { type: 'conflict'; current: number | null }
  | { type: 'problem'; text: string }
  | { type: 'outcome'; outcome: Outcome }
  | { type: 'record'; detail: RecordDetail }
  | { type: 'confirmDelete'; asking: boolean };

export function initialEditorState(kind: ContentKind, id: string): EditorState {
  return {
    kind,
    isNew: id === NEW_RECORD,
    record: null,
    loadError: null,
    form: formOf(kind, null),
    newId: '',
    idEdited: false,
    errors: {},
    problem: null,
    conflict: null,
    outcome: null,
    tab: 'pl',
    busy: false,
    confirmingDelete: false,
    speakers: null,
    focusTarget: null,
  };
}

const without = (errors: Record<string, string>, path: string) => {
  if (!errors[path]) return errors;
  const { [path]: _, ...rest } = errors;
  return rest;
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'opened':
      // A new record's first save moves to its own address: the message of that save stays.
      return {
        ...state,
        kind: action.kind,
        isNew: action.id === NEW_RECORD,
        errors: {},
        problem: null,
        conflict: null,
        confirmingDelete: false,
        outcome: action.keepOutcome ? state.outcome : null,
      };
    case 'loaded':
      return action.detail
        ? {
            ...state,
            record: action.detail,
            form: formOf(state.kind, action.detail.draft, action.detail.example),
            loadError: null,
          }
        : { ...state, record: null, form: formOf(state.kind, null) };
    case 'loadFailed':
      return { ...state, loadError: action.error };
    case 'speakers':
      return { ...state, speakers: action.speakers };
    case 'set': {
      const follows =
        state.isNew && !state.idEdited && (action.path === 'name' || action.path === textPath('pl', 'title'));
      return {
        ...state,
        form: { ...state.form, values: { ...state.form.values, [action.path]: action.value } },
        errors: without(state.errors, action.path),
        // A new record's id follows its name (or Polish title) until the organiser types one.
        newId: follows ? idFrom(action.value) : state.newId,
      };
    }
    case 'setSpeakers':
      return {
        ...state,
        form: { ...state.form, speakers: action.speakers },
        errors: without(state.errors, 'speakers'),
      };
    case 'setExample':
      return { ...state, form: { ...state.form, example: action.example } };
    case 'setId':
      return { ...state, newId: action.value, idEdited: true, errors: without(state.errors, 'id') };
    case 'tab':
      return { ...state, tab: action.tab };
    case 'focused':
      return { ...state, focusTarget: null };
    case 'fieldErrors': {
      // The first field in error gets focus, its language's panel shown first.
      const first = ['id', ...controlsOf(state.kind)].find((path) => action.errors[path]);
      const lang = first && (/^texts\.([^.]+)\./.exec(first)?.[1] as LanguageCode | undefined);
      return {
        ...state,
        errors: action.errors,
        problem: action.problem,
        tab: lang || state.tab,
        focusTarget: first ?? state.focusTarget,
      };
    }
    case 'started':
      return {
        ...state,
        outcome: action.clear.includes('outcome') ? null : state.outcome,
        problem: action.clear.includes('problem') ? null : state.problem,
        busy: action.busy ?? state.busy,
      };
    case 'finished':
      return { ...state, busy: false };
    case 'saved':
      return { ...state, conflict: null, errors: {}, outcome: { ok: true, text: action.text } };
    case 'conflict':
      return { ...state, conflict: { current: action.current } };
    case 'problem':
      return { ...state, problem: action.text };
    case 'outcome':
      return { ...state, outcome: action.outcome };
    case 'record':
      // The draft stays as typed: only the state and the history change.
      return { ...state, record: action.detail };
    case 'confirmDelete':
      return { ...state, confirmingDelete: action.asking };
  }
}

/** The page that shows each kind, where its preview opens. */
const PREVIEW_PAGE: Record<ContentKind, PageId> = {
  speakers: 'speakers',
  sessions: 'program',
  workshops: 'workshops',
  exhibitors: 'expo',
  partners: 'expo',
};

/**
 * One record's editor: its state (the reducer above) and what the organiser can do with it, each
 * a call of the content API whose answer is dispatched. A save that another organiser's came
 * before is refused and keeps what was typed; field errors land beside their controls.
 */
export function useContentEditor(kind: ContentKind, id: string) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState(kind, id));
  const keepOutcome = useRef(false);
  const path = `/api/admin/content/${kind}/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    if (id === NEW_RECORD) {
      dispatch({ type: 'loaded', detail: null });
      return;
    }
    try {
      dispatch({ type: 'loaded', detail: await call<RecordDetail>(path) });
    } catch (failure) {
      dispatch({ type: 'loadFailed', error: failure });
    }
  }, [call, id, path]);

  useEffect(() => {
    dispatch({ type: 'opened', kind, id, keepOutcome: keepOutcome.current });
    keepOutcome.current = false;
    void load();
  }, [load, kind, id]);

  useEffect(() => {
    if (kind !== 'sessions' && kind !== 'workshops') return;
    let current = true;
    call<{ records: ContentRecord[] }>('/api/admin/content/speakers').then(
      (result) => current && dispatch({ type: 'speakers', speakers: result.records }),
      () => current && dispatch({ type: 'speakers', speakers: [] }),
    );
    return () => {
      current = false;
    };
  }, [call, kind]);

  const conflictOf = (failure: ApiFailure) =>
    dispatch({
      type: 'conflict',
      current: typeof failure.details.current === 'number' ? failure.details.current : null,
    });

  const save = async (version?: number) => {
    const target = state.isNew ? state.newId.trim() : id;
    if (state.isNew && (!CONTENT_ID.test(target) || target === NEW_RECORD)) {
      dispatch({ type: 'started', clear: ['outcome', 'problem'] });
      dispatch({
        type: 'fieldErrors',
        errors: { id: target ? 'invalid_id' : 'required' },
        problem: t('content.editor.invalid'),
      });
      return;
    }
    dispatch({ type: 'started', clear: ['outcome', 'problem'], busy: true });
    try {
      const expected = version ?? state.record?.version;
      const saved = await call<ContentRecord>(`/api/admin/content/${kind}/${encodeURIComponent(target)}`, {
        method: 'PUT',
        body: { ...bodyOf(kind, state.form), example: state.form.example },
        headers: expected === undefined ? {} : { 'If-Match': `"${expected}"` },
      });
      dispatch({ type: 'saved', text: t('content.editor.saved', { version: saved.version }) });
      if (state.isNew) {
        keepOutcome.current = true;
        navigate(recordHref(kind, target), { replace: true });
      } else await load();
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) dispatch({ type: 'problem', text: errorText(failure) });
      else if (failure.code === 'invalid_fields') {
        const fields = (failure.details.fields ?? {}) as Record<string, string>;
        const { '': general, ...beside } = errorsByControl(fields, controlsOf(kind));
        dispatch({
          type: 'fieldErrors',
          errors: beside,
          problem: general ? t('content.editor.invalidOther', { code: general }) : t('content.editor.invalid'),
        });
      } else if (failure.code === 'version_conflict') conflictOf(failure);
      else if (failure.code === 'version_required' && state.isNew) {
        dispatch({ type: 'fieldErrors', errors: { id: 'id_taken' }, problem: t('content.editor.invalid') });
      } else dispatch({ type: 'problem', text: errorText(failure) });
    } finally {
      dispatch({ type: 'finished' });
    }
  };

  const remove = async () => {
    if (!state.record) return;
    dispatch({ type: 'started', clear: ['problem'], busy: true });
    try {
      await call(path, { method: 'DELETE', headers: { 'If-Match': `"${state.record.version}"` } });
      navigate(kindHref(kind));
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.code === 'in_use') {
        const records = ((failure.details.by as string[]) ?? []).join(', ');
        dispatch({ type: 'problem', text: t('content.editor.inUse', { records }) });
      } else if (failure instanceof ApiFailure && failure.code === 'version_conflict') conflictOf(failure);
      else dispatch({ type: 'problem', text: errorText(failure) });
      dispatch({ type: 'confirmDelete', asking: false });
    } finally {
      dispatch({ type: 'finished' });
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
    dispatch({ type: 'started', clear: ['outcome'] });
    try {
      const { url } = await call<{ url: string }>('/api/admin/content/preview', {
        method: 'POST',
        body: { path: href('pl', PREVIEW_PAGE[kind]) },
      });
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      tab?.close();
      dispatch({ type: 'outcome', outcome: { ok: false, text: errorText(failure) } });
    }
  };

  const unpublish = async () => {
    dispatch({ type: 'started', clear: ['outcome'], busy: true });
    try {
      await call(`${path}/unpublish`, { method: 'POST' });
      dispatch({ type: 'outcome', outcome: { ok: true, text: t('content.editor.unpublished') } });
      dispatch({ type: 'record', detail: await call<RecordDetail>(path) });
    } catch (failure) {
      dispatch({ type: 'outcome', outcome: { ok: false, text: errorText(failure) } });
    } finally {
      dispatch({ type: 'finished' });
    }
  };

  return { state, dispatch, load, save, remove, preview, unpublish };
}
