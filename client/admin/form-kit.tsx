import {
  type ComponentPropsWithRef,
  type ReactNode,
  type SelectHTMLAttributes,
  useCallback,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../site/languages';
import { ApiFailure } from './api';
import { useErrorText } from './status';

// The parts every console screen that changes something is made of: its head (title, what it is
// for, the outcome of the last action announced to screen readers), an action's busy state and
// outcome, and labelled fields whose errors (the API's `details.fields`, or the screen's own
// checks) are read with them.

/** The outcome of the last action: done (`ok`) or refused, as the organiser reads it. */
export type Notice = { ok: boolean; text: string } | null;

/** A screen's head: its title (with controls beside it), its lead, and the last action's outcome. */
export function ScreenHead({
  title,
  intro,
  notice,
  children,
}: {
  title: ReactNode;
  intro?: string;
  /** A screen that acts has a place where the outcome is announced; one that only shows has none. */
  notice?: Notice;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="console-title">
        <h1>{title}</h1>
        {children}
      </div>
      {intro && <p className="console-muted console-lead">{intro}</p>}
      {notice !== undefined && <Outcome notice={notice} />}
    </>
  );
}

/** A part of a screen under its own heading (an `h2`), which names it for screen readers too. */
export function Section({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The last action's outcome, announced: under a screen's title, or in an open form where the organiser is. */
export function Outcome({ notice, className }: { notice: Notice; className?: string }) {
  return (
    <div role="status" className={className}>
      {notice && <p className={notice.ok ? 'console-ok' : 'console-alert'}>{notice.text}</p>}
    </div>
  );
}

/**
 * The console's button: a plain one by default (`type="button"`, so it never sends a form by
 * accident), `quiet` for the secondary actions, `danger` for what cannot be undone, `small` in a
 * table's row.
 */
export function Button({
  look,
  small = false,
  type = 'button',
  className,
  ...button
}: { look?: 'quiet' | 'danger'; small?: boolean } & ComponentPropsWithRef<'button'>) {
  const classes = ['console-button', look && `console-button--${look}`, small && 'console-button--small', className];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...button} />;
}

/** A labelled control of a form: its label, the control (its `id` the field's), its hint and its error. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Read after the label: the control names it in `aria-describedby` (`<id>-hint`). */
  hint?: ReactNode;
  /** The error, where there is one (`<id>-error`). */
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['console-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="console-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="console-field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A choice of a select: its value, its label, and the label's language where it is not the console's. */
export type Choice = readonly [value: string, label: string, lang?: string];

/** The site's languages as a select's choices, each label in its own language. */
export const LANGUAGE_CHOICES: readonly Choice[] = LANGUAGES.map((language) => [
  language.code,
  language.label,
  language.code,
]);

/** A select of choices, `any` (the empty value, "any" or "none") first where given. */
export function Select({
  options,
  any,
  ...select
}: { options: readonly Choice[]; any?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...select}>
      {any !== undefined && <option value="">{any}</option>}
      {options.map(([value, label, lang]) => (
        <option key={value} value={value} lang={lang}>
          {label}
        </option>
      ))}
    </select>
  );
}

/**
 * An action's state: `run` marks the screen busy, clears the last outcome, and shows what the work
 * returns as done, or its failure: as `failed` words it (null when `failed` showed it itself, at the
 * fields), else as the API's error code reads. `doing` names what runs (a row's id), for the one
 * button that says it is working while the others only wait.
 */
export function useAction() {
  const errorText = useErrorText();
  const [doing, setDoing] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const run = useCallback(
    async (
      work: () => Promise<string | undefined>,
      failed?: (problem: unknown) => string | null | undefined,
      what = 'action',
    ) => {
      setDoing(what);
      setNotice(null);
      try {
        const done = await work();
        if (done) setNotice({ ok: true, text: done });
      } catch (problem) {
        const text = failed?.(problem);
        if (text !== null) setNotice({ ok: false, text: text ?? errorText(problem) });
      } finally {
        setDoing(null);
      }
    },
    [errorText],
  );
  return { busy: doing !== null, doing, notice, setNotice, run };
}

/** The API's errors by field of a refusal (422 `details.fields`, paths such as `products.0`). */
export const fieldErrorsOf = (problem: unknown) =>
  problem instanceof ApiFailure ? (problem.details.fields as Record<string, string> | undefined) : undefined;

/**
 * A form's fields and their errors. `texts` is the screen's key in the catalogue: an error reads
 * `<texts>.errors.<field>.<code>`, else `<texts>.errors.<code>`, else `<texts>.errors.invalid`.
 * `order` is the fields' order on the screen: the first with an error takes the focus.
 */
export function useFields(texts: string, order: readonly string[]) {
  const { t } = useTranslation('admin');
  const ids = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = (name: string) => `${ids}-${name}`;

  /** Errors at their fields (a path's first part names the field), the first of them focused. */
  const show = (fields: Record<string, string>) => {
    const mapped: Record<string, string> = {};
    for (const [path, code] of Object.entries(fields)) mapped[path.split('.')[0] as string] ??= code;
    setErrors(mapped);
    const first = order.find((name) => mapped[name]);
    if (first) document.getElementById(id(first))?.focus();
  };
  /** A field's error gone once it is edited. */
  const clear = (name: string) => () => {
    if (errors[name]) setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => key !== name)));
  };
  /** What a field's control carries: its id, whether it is wrong, and what is read after its label. */
  const described = (name: string, hint?: boolean) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hint ? `${id(name)}-hint` : '', errors[name] ? `${id(name)}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const errorText = (name: string, code: string) =>
    t(`${texts}.errors.${name}.${code}` as 'common.loading', {
      defaultValue: t(`${texts}.errors.${code}` as 'common.loading', {
        defaultValue: t(`${texts}.errors.invalid` as 'common.loading'),
      }),
    });
  /** What a typed control of a form carries: its name, its description, and its error gone once edited. */
  const control = (name: string, hint?: boolean) => ({ name, onInput: clear(name), ...described(name, hint) });
  /**
   * A refusal shown at its fields: the API's (422), or the field an error code belongs to
   * (`codes`, such as a taken name); null when it was, undefined to word it above.
   */
  const refused = (problem: unknown, codes: Record<string, string> = {}) => {
    const fields = fieldErrorsOf(problem);
    const code = problem instanceof ApiFailure ? problem.code : '';
    const at = codes[code];
    if (fields) show(fields);
    else if (at) show({ [at]: code });
    else return undefined;
    return null;
  };
  /** A field's error, where it has one, read after its label (`described`). */
  const error = (name: string) =>
    errors[name] ? (
      <span id={`${id(name)}-error`} className="console-field__error">
        {errorText(name, errors[name])}
      </span>
    ) : null;
  /** A labelled field: its control (given `described(name)`), its hint and its error. */
  const field = (name: string, label: string, control: ReactNode, hint?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={errors[name] && errorText(name, errors[name])}>
      {control}
    </Field>
  );
  return { ids, id, errors, setErrors, show, clear, described, control, refused, error, field };
}
