import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../site/languages';
import { recordTitle } from './content';
import {
  ChoiceControl,
  controlId,
  describedBy,
  Field,
  type FieldsProps,
  ImageField,
  SpeakerChoice,
  TextControl,
} from './content-fields';
import { textPath } from './content-form';
import {
  type ContentKind,
  type ContentRecord,
  MAX_LIST_ENTRIES,
  PARTNER_PACKAGES,
  TEXT_FIELDS,
  TRACKS,
  WORKSHOP_CATEGORIES,
  WORKSHOP_LEVELS,
} from './content-types';

/**
 * The fields of a record apart from its texts, by kind: a speaker's name, photo and links, a
 * session's slot and speakers, a workshop's category and instructor, an exhibitor's booth, a
 * partner's package.
 */
export function KindFields({
  kind,
  speakers,
  chosenSpeakers,
  onSpeakers,
  ...shared
}: FieldsProps & {
  kind: ContentKind;
  /** The speakers to choose from; null while they load. */
  speakers: ContentRecord[] | null;
  chosenSpeakers: string[];
  onSpeakers: (next: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const { prefix, values, errors, onSet } = shared;
  /** A required line of the record's own (a name, a booth). */
  const line = (path: 'name' | 'booth', maxLength: number) => (
    <TextControl
      {...shared}
      path={path}
      label={t(`content.fields.${path}`)}
      autoComplete="off"
      maxLength={maxLength}
      aria-required
    />
  );
  const name = line('name', 120);
  const image = (path: 'image' | 'logo') => (
    <ImageField
      id={controlId(prefix, path)}
      label={t(`content.fields.${path}`)}
      value={values[path] ?? ''}
      error={errors[path]}
      onChange={(key) => onSet(path, key)}
    />
  );
  const link = (path: string, label: string) => (
    <TextControl
      {...shared}
      path={path}
      label={label}
      hint={t('content.editor.httpsHint')}
      type="url"
      inputMode="url"
      autoComplete="off"
      placeholder="https://"
    />
  );
  /** A time of the day (a session's start, a demo's): the field and its hint. */
  const time = (path: string, label: string, hint?: string, required = false) => (
    <TextControl {...shared} path={path} label={label} hint={hint} type="time" aria-required={required || undefined} />
  );
  /** A whole or half number in its bounds (seats, hours, places). */
  const number = (
    path: 'seats' | 'durationHours' | 'capacity',
    [min, max, step]: readonly [number, number, number],
    { hint, required = false }: { hint?: string; required?: boolean } = {},
  ) => (
    <TextControl
      {...shared}
      path={path}
      label={t(`content.fields.${path}`)}
      hint={hint}
      type="number"
      min={min}
      max={max}
      step={step}
      aria-required={required || undefined}
    />
  );
  /** A list's values as choices, each named in the console's words for its group (`content.<group>.<value>`). */
  const choices = (values: readonly string[], group: 'tracks' | 'rooms' | 'categories' | 'levels' | 'packages') =>
    values.map((value) => ({ value, label: t(`content.${group}.${value}` as 'content.tracks.business') }));
  /** A choice of the record's, labelled as its field. */
  const choice = (
    path: 'track' | 'room' | 'category' | 'level' | 'package' | 'instructor',
    options: readonly { value: string; label: string }[],
  ) => <ChoiceControl {...shared} path={path} label={t(`content.fields.${path}`)} options={options} />;
  switch (kind) {
    case 'speakers':
      return (
        <>
          {name}
          {image('image')}
          {link('links.linkedin', t('content.fields.linkedin'))}
          {link('links.x', t('content.fields.x'))}
          {link('links.website', t('content.fields.website'))}
        </>
      );
    case 'sessions':
      return (
        <>
          {choice('track', choices(TRACKS, 'tracks'))}
          {choice('room', choices(['mainHall', 'hallB'], 'rooms'))}
          {time('start', t('content.fields.start'), t('content.editor.timeHint'), true)}
          {time('end', t('content.fields.end'), t('content.editor.timeHint'), true)}
          {number('seats', [1, 10000, 1], { hint: t('content.editor.seatsHint') })}
          <SpeakerChoice
            id={controlId(prefix, 'speakers')}
            speakers={speakers}
            chosen={chosenSpeakers}
            error={errors.speakers}
            onChange={onSpeakers}
          />
        </>
      );
    case 'workshops': {
      const instructor = values.instructor ?? '';
      return (
        <>
          {choice('category', choices(WORKSHOP_CATEGORIES, 'categories'))}
          {choice('level', choices(WORKSHOP_LEVELS, 'levels'))}
          {number('durationHours', [0.5, 12, 0.5], { required: true })}
          {number('capacity', [1, 500, 1], { required: true })}
          {choice('instructor', [
            { value: '', label: t('content.editor.noInstructor') },
            ...(speakers ?? []).map((s) => ({ value: s.id, label: recordTitle(s) })),
            // The draft's instructor before the speakers have loaded (or gone since): still shown.
            ...(instructor && !speakers?.some((s) => s.id === instructor)
              ? [{ value: instructor, label: instructor }]
              : []),
          ])}
        </>
      );
    }
    case 'exhibitors':
      return (
        <>
          {name}
          {image('logo')}
          {line('booth', 20)}
          {link('link', t('content.fields.link'))}
          {time('demo.start', t('content.fields.demoStart'), t('content.editor.demoHint'))}
          {time('demo.end', t('content.fields.demoEnd'))}
        </>
      );
    case 'partners':
      return (
        <>
          {name}
          {image('logo')}
          {choice('package', choices(PARTNER_PACKAGES, 'packages'))}
          {link('link', t('content.fields.link'))}
        </>
      );
  }
}

/** A long Polish text shortened for a hint under its translation. */
const clip = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * A language's texts of a record: Polish required where the kind requires it; another language's
 * field says when it is empty (visitors read the Polish one) and shows the Polish text as a hint.
 */
export function TextsPanel({ kind, language, ...shared }: FieldsProps & { kind: ContentKind; language: LanguageCode }) {
  const { t } = useTranslation('admin');
  const { prefix, values, errors, onSet } = shared;
  return (
    <div className="console-editor__grid">
      {TEXT_FIELDS[kind].map((field) => {
        const path = textPath(language, field.name);
        const id = controlId(prefix, path);
        const polish = (values[textPath('pl', field.name)] ?? '').trim();
        const missing = language !== 'pl' && polish !== '' && (values[path] ?? '').trim() === '';
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
          id,
          value: values[path] ?? '',
          lang: language,
          'aria-required': required || undefined,
          'aria-invalid': errors[path] ? true : undefined,
          'aria-describedby': describedBy(id, Boolean(hint), Boolean(errors[path])),
        } as const;
        return (
          <Field key={path} id={id} label={label} hint={hint || undefined} error={errors[path]} wide>
            {field.type === 'line' ? (
              <input {...props} onChange={(event) => onSet(path, event.currentTarget.value)} autoComplete="off" />
            ) : (
              <textarea
                {...props}
                rows={field.type === 'list' ? 4 : 6}
                onChange={(event) => onSet(path, event.currentTarget.value)}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}
