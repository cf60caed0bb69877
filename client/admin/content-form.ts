import { latinLetters } from '../../site/format';
// The editor's form state and the API's record, both ways. The form keeps every control's value as
// a string under the path the API names its field by (`links.x`, `texts.de.bio`), so a 422's field
// paths land beside the controls without a table of names.
import { LANGUAGES, type LanguageCode } from '../../site/languages';
import { type ContentFields, type ContentKind, TEXT_FIELDS } from './content-types';

/** The editor's values: control path → what the control holds; `speakers` of a session apart. */
export type FormValues = { values: Record<string, string>; speakers: string[]; example: boolean };

/** The controls of each kind apart from its texts, by the path the API gives their errors. */
export const FIELDS: Record<ContentKind, readonly string[]> = {
  speakers: ['name', 'image', 'links.linkedin', 'links.x', 'links.website'],
  sessions: ['track', 'room', 'start', 'end', 'seats'],
  workshops: ['category', 'level', 'durationHours', 'capacity', 'instructor'],
  exhibitors: ['name', 'logo', 'booth', 'link', 'demo.start', 'demo.end'],
  partners: ['name', 'logo', 'package', 'link'],
};

/** The values a new record starts with: the first choice of each choice field, the rest empty. */
const DEFAULTS: Partial<Record<string, string>> = {
  track: 'business',
  room: 'mainHall',
  category: 'practical',
  level: 'basic',
  package: 'silver',
  durationHours: '2',
};

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);

/** The path of a text control: `texts.<lang>.<field>`. */
export const textPath = (lang: LanguageCode, field: string) => `texts.${lang}.${field}`;

/** A value at a dotted path of a record's fields. */
function at(fields: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], fields);
}

/** The form of a new record, or of a record's draft. */
export function formOf(kind: ContentKind, draft: ContentFields | null, example = false): FormValues {
  const values: Record<string, string> = {};
  for (const path of FIELDS[kind]) {
    const value = draft ? at(draft, path) : undefined;
    values[path] = value === null || value === undefined ? (draft ? '' : (DEFAULTS[path] ?? '')) : String(value);
  }
  for (const lang of LANGUAGE_CODES) {
    for (const field of TEXT_FIELDS[kind]) {
      const value = draft?.texts?.[lang]?.[field.name];
      values[textPath(lang, field.name)] = Array.isArray(value)
        ? value.join('\n')
        : typeof value === 'string'
          ? value
          : '';
    }
  }
  const speakers = Array.isArray(draft?.speakers) ? (draft.speakers as string[]) : [];
  return { values, speakers, example };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A number field as the API takes it: what was typed, or null when nothing was. */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/**
 * The texts as the API takes them: Polish with every field (an empty one is the server's to
 * refuse), the other languages with what was filled in only, so the rest falls back to Polish.
 */
function textsOf(kind: ContentKind, values: Record<string, string>) {
  const texts: Record<string, Record<string, unknown>> = {};
  for (const lang of LANGUAGE_CODES) {
    const own: Record<string, unknown> = {};
    for (const field of TEXT_FIELDS[kind]) {
      const raw = values[textPath(lang, field.name)] ?? '';
      const value = field.type === 'list' ? lines(raw) : raw.trim();
      if (lang === 'pl' || value.length > 0) own[field.name] = value;
    }
    if (lang === 'pl' || Object.keys(own).length > 0) texts[lang] = own;
  }
  return texts;
}

/** The record's fields as a PUT sends them. */
export function bodyOf(kind: ContentKind, form: FormValues): Record<string, unknown> {
  const v = (path: string) => (form.values[path] ?? '').trim();
  const orNull = (path: string) => v(path) || null;
  const texts = textsOf(kind, form.values);
  switch (kind) {
    case 'speakers': {
      const links = Object.fromEntries(
        (['linkedin', 'x', 'website'] as const)
          .filter((name) => v(`links.${name}`))
          .map((name) => [name, v(`links.${name}`)]),
      );
      return { name: v('name'), image: orNull('image'), links, texts };
    }
    case 'sessions':
      return {
        track: v('track'),
        room: v('room'),
        start: v('start'),
        end: v('end'),
        speakers: form.speakers,
        seats: numberOf(v('seats')),
        texts,
      };
    case 'workshops':
      return {
        category: v('category'),
        level: v('level'),
        durationHours: numberOf(v('durationHours')),
        capacity: numberOf(v('capacity')),
        instructor: orNull('instructor'),
        texts,
      };
    case 'exhibitors':
      return {
        name: v('name'),
        logo: orNull('logo'),
        booth: v('booth'),
        link: orNull('link'),
        demo: v('demo.start') || v('demo.end') ? { start: v('demo.start'), end: v('demo.end') } : null,
        texts,
      };
    case 'partners':
      return { name: v('name'), logo: orNull('logo'), package: v('package'), link: orNull('link'), texts };
  }
}

/**
 * The API's field errors by the control they belong to: an error's path is the control's or
 * lies under it (`speakers.1` under `speakers`, `texts.pl.topics.2` under `texts.pl.topics`); what
 * belongs to no control is under `''`, for the form's own message.
 */
export function errorsByControl(fields: Record<string, string>, controls: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields)) {
    const control =
      controls.filter((c) => path === c || path.startsWith(`${c}.`)).sort((a, b) => b.length - a.length)[0] ??
      // `demo` refused as a whole belongs beside its first control.
      controls.find((c) => c.startsWith(`${path}.`)) ??
      '';
    found[control] ??= code;
  }
  return found;
}

/** Every control path of a kind: its fields, its session speakers and its texts in every language. */
export function controlsOf(kind: ContentKind): string[] {
  return [
    ...FIELDS[kind],
    ...(kind === 'sessions' ? ['speakers'] : []),
    ...LANGUAGE_CODES.flatMap((lang) => TEXT_FIELDS[kind].map((f) => textPath(lang, f.name))),
  ];
}

/** The text fields of a language left empty where Polish has one: the pages show Polish there. */
export function missingIn(kind: ContentKind, values: Record<string, string>, lang: LanguageCode): string[] {
  if (lang === 'pl') return [];
  return TEXT_FIELDS[kind]
    .map((f) => f.name)
    .filter((name) => (values[textPath('pl', name)] ?? '').trim() && !(values[textPath(lang, name)] ?? '').trim());
}

/** A readable id from a name or title, for a new record: "Ola Testowa" → "ola-testowa". */
export function idFrom(text: string): string {
  return latinLetters(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}
