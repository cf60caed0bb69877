import { describe, expect, it } from 'vitest';
import type { RecordDetail } from '../../client/admin/content-types';
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  initialEditorState,
  NEW_RECORD,
} from '../../client/admin/use-content-editor';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

const detail = {
  kind: 'speakers',
  id: 'ola',
  status: 'published',
  version: 3,
  example: true,
  draft: { name: 'Ola', image: null, links: { x: 'https://x.com/ola' }, texts: { pl: { role: 'CTO', bio: 'Bio' } } },
  history: [],
} as unknown as RecordDetail;

describe("the content editor's reducer", () => {
  it('starts a new record with the defaults, on the Polish tab, nothing loaded', () => {
    const state = initialEditorState('workshops', NEW_RECORD);
    expect(state).toMatchObject({ isNew: true, record: null, tab: 'pl', busy: false, newId: '', errors: {} });
    expect(state.form.values.category).toBe('practical');
    expect(state.form.values.durationHours).toBe('2');
  });

  it('takes a loaded record and its draft into the form', () => {
    const state = run(
      initialEditorState('speakers', 'ola'),
      { type: 'loadFailed', error: 'x' },
      { type: 'loaded', detail },
    );
    expect(state.record).toBe(detail);
    expect(state.loadError).toBeNull();
    expect(state.form.values.name).toBe('Ola');
    expect(state.form.values['links.x']).toBe('https://x.com/ola');
    expect(state.form.example).toBe(true);
  });

  it("lets a new record's id follow its name until the organiser types one", () => {
    let state = run(initialEditorState('speakers', NEW_RECORD), { type: 'set', path: 'name', value: 'Łucja Nowa' });
    expect(state.newId).toBe('lucja-nowa');
    state = run(state, { type: 'setId', value: 'moja' }, { type: 'set', path: 'name', value: 'Inna' });
    expect(state.newId).toBe('moja');
    expect(state.form.values.name).toBe('Inna');
  });

  it("does not touch a stored record's id when its name changes", () => {
    const state = run(initialEditorState('speakers', 'ola'), { type: 'set', path: 'name', value: 'Ola B' });
    expect(state.newId).toBe('');
  });

  it('drops a field error once its field changes, and keeps the others', () => {
    let state = run(initialEditorState('sessions', 'a'), {
      type: 'fieldErrors',
      errors: { start: 'required', speakers: 'unknown_speaker', id: 'invalid_id' },
      problem: 'fix',
    });
    state = run(state, { type: 'set', path: 'start', value: '10:00' }, { type: 'setSpeakers', speakers: ['ola'] });
    expect(state.errors).toEqual({ id: 'invalid_id' });
    state = run(state, { type: 'setId', value: 'x' });
    expect(state.errors).toEqual({});
    expect(state.form.speakers).toEqual(['ola']);
  });

  it("shows field errors with the first one's language tab and focus", () => {
    const state = run(initialEditorState('speakers', 'ola'), {
      type: 'fieldErrors',
      errors: { 'texts.de.bio': 'too_long', 'texts.es.role': 'required' },
      problem: 'Popraw pola',
    });
    expect(state.tab).toBe('de');
    expect(state.focusTarget).toBe('texts.de.bio');
    expect(state.problem).toBe('Popraw pola');
    expect(run(state, { type: 'focused' }).focusTarget).toBeNull();
  });

  it('puts the id first among the fields to focus', () => {
    const state = run(initialEditorState('speakers', NEW_RECORD), {
      type: 'fieldErrors',
      errors: { name: 'required', id: 'id_taken' },
      problem: 'p',
    });
    expect(state.focusTarget).toBe('id');
    expect(state.tab).toBe('pl');
  });

  it('clears only the messages an action replaces, and is busy while it waits', () => {
    const base = run(
      initialEditorState('speakers', 'ola'),
      { type: 'outcome', outcome: { ok: true, text: 'saved' } },
      { type: 'problem', text: 'problem' },
    );
    expect(run(base, { type: 'started', clear: ['problem'], busy: true })).toMatchObject({
      outcome: { ok: true, text: 'saved' },
      problem: null,
      busy: true,
    });
    expect(run(base, { type: 'started', clear: ['outcome'] })).toMatchObject({
      outcome: null,
      problem: 'problem',
      busy: false,
    });
    expect(run(base, { type: 'started', clear: ['outcome', 'problem'], busy: true }, { type: 'finished' }).busy).toBe(
      false,
    );
  });

  it('a save clears the conflict and the errors and says so; a conflict keeps what was typed', () => {
    let state = run(
      initialEditorState('speakers', 'ola'),
      { type: 'loaded', detail },
      { type: 'set', path: 'name', value: 'Typed' },
      { type: 'conflict', current: 4 },
    );
    expect(state.conflict).toEqual({ current: 4 });
    expect(state.form.values.name).toBe('Typed');
    state = run(
      state,
      { type: 'fieldErrors', errors: { name: 'x' }, problem: 'p' },
      { type: 'saved', text: 'Zapisano' },
    );
    expect(state).toMatchObject({ conflict: null, errors: {}, outcome: { ok: true, text: 'Zapisano' } });
  });

  it('keeps the draft as typed when only the record changes (after unpublishing)', () => {
    const state = run(
      initialEditorState('speakers', 'ola'),
      { type: 'loaded', detail },
      { type: 'set', path: 'name', value: 'Typed' },
      { type: 'record', detail: { ...detail, status: 'draft' } as RecordDetail },
    );
    expect(state.record?.status).toBe('draft');
    expect(state.form.values.name).toBe('Typed');
  });

  it("opening a record clears the last one's messages, keeping a new record's saved message when asked", () => {
    const shown = run(
      initialEditorState('speakers', NEW_RECORD),
      { type: 'saved', text: 'Zapisano' },
      { type: 'problem', text: 'p' },
      { type: 'conflict', current: null },
      { type: 'confirmDelete', asking: true },
    );
    const kept = run(shown, { type: 'opened', kind: 'speakers', id: 'ola', keepOutcome: true });
    expect(kept).toMatchObject({ isNew: false, problem: null, conflict: null, confirmingDelete: false });
    expect(kept.outcome?.text).toBe('Zapisano');
    expect(run(shown, { type: 'opened', kind: 'partners', id: 'p', keepOutcome: false })).toMatchObject({
      kind: 'partners',
      outcome: null,
    });
  });

  it('sets the example mark, the tab and the speakers to choose from', () => {
    const state = run(
      initialEditorState('sessions', 'a'),
      { type: 'setExample', example: true },
      { type: 'tab', tab: 'es' },
      { type: 'speakers', speakers: [] },
    );
    expect(state).toMatchObject({ tab: 'es', speakers: [] });
    expect(state.form.example).toBe(true);
  });
});
