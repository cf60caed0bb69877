import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '../../site/languages';
import { ApiFailure } from './api';
import { type ContentRecord, UPLOADED_IMAGE, type UploadedImage } from './content-types';
import { Button, Field as KitField } from './form-kit';
import { useApi } from './session';

/** The DOM id of a control, from the editor's id prefix and the control's path. */
export const controlId = (prefix: string, path: string) => `${prefix}-${path.replaceAll('.', '-')}`;

/** A field's error code as the organiser reads it (a code the API or the editor gives). */
export function useFieldError() {
  const { t } = useTranslation('admin');
  return (code: string) =>
    t(`content.errors.${code}` as 'content.errors.required', { defaultValue: t('content.errors.invalid', { code }) });
}

/** The ids a control is described by: its hint, then its error. */
export const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/**
 * A labelled control with its hint and, beside it, its error: the same inline pattern as the
 * console's other forms (aria-invalid, the error read after the label).
 */
export function Field({
  id,
  label,
  hint,
  error,
  wide,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const errorText = useFieldError();
  return (
    <KitField
      id={id}
      label={label}
      hint={hint}
      error={error && errorText(error)}
      className={wide ? 'console-field--wide' : undefined}
    >
      {children}
    </KitField>
  );
}

/**
 * The texts per language as tabs (the ARIA tabs pattern: arrow keys, Home and End move between
 * them). Each tab says when its language misses a text (visitors read the Polish one) or holds
 * an error; every panel stays in the form, so nothing typed is lost when the tab changes.
 */
export function LanguageTabs({
  prefix,
  selected,
  onSelect,
  missing,
  errors,
  panel,
}: {
  prefix: string;
  selected: LanguageCode;
  onSelect: (lang: LanguageCode) => void;
  missing: (lang: LanguageCode) => number;
  errors: (lang: LanguageCode) => boolean;
  panel: (lang: LanguageCode) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = LANGUAGES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const lang = LANGUAGES[next]?.code;
    if (lang) onSelect(lang);
    tabs.current[next]?.focus();
  };
  return (
    <div className="console-tabs">
      <div role="tablist" aria-label={t('content.editor.textsLabel')} className="console-tabs__list">
        {LANGUAGES.map((language, index) => {
          const gaps = missing(language.code);
          const wrong = errors(language.code);
          return (
            <button
              key={language.code}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${prefix}-tab-${language.code}`}
              aria-selected={language.code === selected}
              aria-controls={`${prefix}-panel-${language.code}`}
              tabIndex={language.code === selected ? 0 : -1}
              onClick={() => onSelect(language.code)}
              onKeyDown={(event) => move(event, index)}
              className="console-tabs__tab"
              lang={language.code}
            >
              {language.label}
              {language.code === 'pl' && <span className="console-tabs__mark">{t('content.editor.required')}</span>}
              {gaps > 0 && (
                <span className="console-tabs__mark console-tabs__mark--missing" lang={undefined}>
                  {t('content.editor.shownInPolish')}
                </span>
              )}
              {wrong && (
                <span className="console-tabs__mark console-tabs__mark--error">{t('content.editor.hasErrors')}</span>
              )}
            </button>
          );
        })}
      </div>
      {LANGUAGES.map((language) => (
        <div
          key={language.code}
          role="tabpanel"
          id={`${prefix}-panel-${language.code}`}
          aria-labelledby={`${prefix}-tab-${language.code}`}
          hidden={language.code !== selected}
          className="console-tabs__panel"
        >
          {panel(language.code)}
        </div>
      ))}
    </div>
  );
}

/**
 * A photo or logo: the current one, a file to upload in its place (the server judges its type and
 * size and says what is wrong), and a way to remove it. An example's drawing is named, not shown.
 */
export function ImageField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const errorText = useFieldError();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? (error ? errorText(error) : null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const image = await call<UploadedImage>('/api/admin/content/images', { method: 'POST', file });
      onChange(image.key);
    } catch (failure) {
      setProblem(uploadError(failure, t));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="console-field console-image">
      <label htmlFor={id}>{label}</label>
      <div className="console-image__row">
        <div className="console-image__preview">
          {UPLOADED_IMAGE.test(value) ? (
            <img src={`/content-images/${value}`} alt={t('content.image.current')} width={96} height={96} />
          ) : (
            <span className="console-hint">{value ? t('content.image.example') : t('content.image.none')}</span>
          )}
        </div>
        <div className="console-image__tools">
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={describedBy(id, true, Boolean(shown))}
            aria-invalid={shown ? true : undefined}
            disabled={uploading}
            onChange={(event) => {
              void upload(event.currentTarget.files?.[0]);
              // The same file chosen again after a fix is a change too.
              event.currentTarget.value = '';
            }}
          />
          {value && (
            <Button look="quiet" small onClick={() => onChange('')}>
              {t('content.image.remove')}
            </Button>
          )}
        </div>
      </div>
      <span id={`${id}-hint`} className="console-hint">
        {uploading ? t('content.image.uploading') : t('content.image.hint')}
      </span>
      <div role="alert">
        {shown && (
          <p id={`${id}-error`} className="console-field__error">
            {shown}
          </p>
        )}
      </div>
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'admin'>>['t'];

/** What a refused upload says: the server's reason, in words. */
function uploadError(failure: unknown, t: T): string {
  if (!(failure instanceof ApiFailure)) return t('content.image.failed');
  switch (failure.code) {
    case 'unsupported_image_type':
      return t('content.image.wrongType');
    case 'image_too_large':
    case 'body_too_large':
      return t('content.image.tooLarge');
    case 'image_dimensions':
      return t('content.image.dimensions', {
        width: failure.details.width,
        height: failure.details.height,
        min: failure.details.minSide,
        max: failure.details.maxSide,
      });
    default:
      return t('content.image.failed');
  }
}

/**
 * The speakers of a session, chosen from the speakers in the store (drafts too: a session may be
 * prepared with a speaker not yet published), in the order they were ticked.
 */
export function SpeakerChoice({
  id,
  speakers,
  chosen,
  error,
  onChange,
}: {
  id: string;
  speakers: ContentRecord[] | null;
  chosen: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const errorText = useFieldError();
  const known = new Set(speakers?.map((s) => s.id));
  // A speaker named by the draft but gone from the store is still listed, so it can be unticked.
  const gone = chosen.filter((s) => speakers && !known.has(s));
  return (
    <fieldset
      className="console-field console-field--wide console-choice"
      id={id}
      aria-describedby={describedBy(id, false, Boolean(error))}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
    >
      <legend>{t('content.fields.speakers')}</legend>
      {!speakers ? (
        <p className="console-muted">{t('common.loading')}</p>
      ) : speakers.length + gone.length === 0 ? (
        <p className="console-muted">{t('content.editor.noSpeakers')}</p>
      ) : (
        <ul className="console-choice__list">
          {[
            ...speakers.map((s) => ({ id: s.id, name: String(s.draft.name ?? s.id) })),
            ...gone.map((g) => ({ id: g, name: g })),
          ].map((speaker) => (
            <li key={speaker.id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(speaker.id)}
                  onChange={(event) =>
                    onChange(
                      event.currentTarget.checked ? [...chosen, speaker.id] : chosen.filter((s) => s !== speaker.id),
                    )
                  }
                />{' '}
                {speaker.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="console-field__error">
          {errorText(error)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Asks once more before an action that visitors see or that cannot be undone. The safe answer
 * takes focus when the question appears, so a keyboard user is at the question; Escape answers no.
 */
export function Confirm({
  question,
  yes,
  no,
  danger = false,
  busy,
  onYes,
  onNo,
}: {
  question: string;
  yes: string;
  no: string;
  danger?: boolean;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    safe.current?.focus();
  }, []);
  return (
    <fieldset
      className="console-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onNo();
      }}
    >
      <legend>{question}</legend>
      <button
        type="button"
        className={`console-button${danger ? ' console-button--danger' : ''}`}
        disabled={busy}
        onClick={onYes}
      >
        {yes}
      </button>
      <button ref={safe} type="button" className="console-button console-button--quiet" disabled={busy} onClick={onNo}>
        {no}
      </button>
    </fieldset>
  );
}

/**
 * Focus back on the button that asked a question once the question is gone: the button is a new
 * element by then, so it is found again after the render.
 */
export function useFocusReturn(asking: boolean) {
  const trigger = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !asking) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  return trigger;
}

/** What the editor's field components share: the id prefix, the values, the errors, and a way to set one. */
export type FieldsProps = {
  prefix: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  onSet: (path: string, value: string) => void;
};

/** A one-line control of the editor, in its `Field`, by the path the API names it. */
export function TextControl({
  path,
  label,
  hint,
  prefix,
  values,
  errors,
  onSet,
  ...props
}: FieldsProps & { path: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = controlId(prefix, path);
  return (
    <Field id={id} label={label} hint={hint} error={errors[path]}>
      <input
        id={id}
        value={values[path] ?? ''}
        onChange={(event) => onSet(path, event.currentTarget.value)}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(errors[path]))}
        {...props}
      />
    </Field>
  );
}

/** A choice of the editor (a track, a level, a package), in its `Field`. */
export function ChoiceControl({
  path,
  label,
  options,
  prefix,
  values,
  errors,
  onSet,
}: FieldsProps & { path: string; label: string; options: readonly { value: string; label: string }[] }) {
  const id = controlId(prefix, path);
  return (
    <Field id={id} label={label} error={errors[path]}>
      <select
        id={id}
        value={values[path] ?? ''}
        onChange={(event) => onSet(path, event.currentTarget.value)}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={describedBy(id, false, Boolean(errors[path]))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
