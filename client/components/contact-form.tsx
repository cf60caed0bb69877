import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldError,
  type ContactTopic,
  type ContactValues,
  contactFieldErrors,
  findTopic,
  HONEYPOT_FIELD,
  HONEYPOT_LIMIT,
  SUBJECT_PARAM,
} from '../../site/contact';
import { ORGANISER } from '../../site/event';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { botCheckCode, lazyBotCheck } from '../lib/bot-check';
import { type BotCheckReason, botCheckReason, type FieldErrors, sendContactMessage } from '../lib/contact-api';
import { useLanguage } from '../lib/use-language';
import { InfoIcon } from './info-icon';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'fields' }
  | { kind: 'failed'; reason: 'network' | 'server' | 'tooLarge' | 'rateLimited' | 'invalid' | BotCheckReason };

const FIELD_PROPS: Record<ContactField, { type?: string; autoComplete: string; multiline?: boolean }> = {
  name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  subject: { autoComplete: 'off' },
  message: { autoComplete: 'off', multiline: true },
};

const fieldId = (field: ContactField) => `contact-${field}`;

/** What the form holds now, read from the form itself. */
function formValues(form: HTMLFormElement): ContactValues & { trap: string } {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? '');
  return {
    name: value('name'),
    email: value('email'),
    subject: value('subject'),
    message: value('message'),
    trap: value(HONEYPOT_FIELD),
  };
}

/**
 * The contact form. Its fields are the browser's own (uncontrolled): what is typed or autofilled
 * before React hydrates stays, and the form is read with FormData when it is sent. Checks what it
 * can before sending (the same rules as the worker), posts JSON to /api/contact, and reports the
 * outcome in a status box that receives focus. A failed send keeps every value; a subject can be
 * preset with `?temat=<topic>` (unless one was typed already).
 */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const lang = useLanguage();
  const form = useRef<HTMLFormElement>(null);
  const [topic, setTopic] = useState<ContactTopic>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const statusBox = useRef<HTMLDivElement>(null);
  const sending = status.kind === 'sending';
  // Turnstile's widget (when on), loaded at the form's first focus or input, never with the page.
  const botBox = useRef<HTMLDivElement>(null);
  const [botCheck] = useState(() => lazyBotCheck(() => botBox.current, lang));

  // The query string exists only in the browser: read it after hydration, never during render.
  useEffect(() => {
    const preset = findTopic(new URLSearchParams(window.location.search).get(SUBJECT_PARAM));
    setTopic(preset);
    const subject = form.current?.elements.namedItem('subject');
    if (preset && subject instanceof HTMLInputElement && !subject.value) subject.value = t(`topics.${preset}.subject`);
  }, [t]);

  // In the commit that shows the answer, not an effect later: the answer never shows without the
  // focus on it (a test that found the text once saw the focus still on the page).
  useLayoutEffect(() => {
    if (status.kind !== 'idle' && status.kind !== 'sending') statusBox.current?.focus();
  }, [status]);

  const message = (field: ContactField, code: ContactFieldError): string => {
    const max = formatNumber(lang, CONTACT_LIMITS[field]);
    if (code === 'required') return t(`form.errors.${field}.required`);
    if (code === 'too_long') return t(`form.errors.${field}.tooLong`, { max });
    if (code === 'invalid_email' && field === 'email') return t('form.errors.email.invalidEmail');
    if (code === 'invalid_characters') return t('form.errors.invalidCharacters');
    return t('form.errors.invalid');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const element = event.currentTarget;
    const { trap, ...values } = formValues(element);
    const found = contactFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'fields' });
      return;
    }
    setStatus({ kind: 'sending' });
    let token: string | null;
    try {
      token = await botCheck.token();
    } catch (error) {
      // A widget that failed or gave no token: a new challenge, as the message says.
      botCheck.reset();
      setStatus({ kind: 'failed', reason: botCheckReason(botCheckCode(error)) });
      return;
    }
    const result = await sendContactMessage({
      ...values,
      lang,
      [HONEYPOT_FIELD]: trap,
      ...(token ? { turnstile: token } : {}),
    });
    // A token is good for one send: the widget makes the next one now.
    if (token) botCheck.reset();
    if (result.ok) {
      element.reset();
      setTopic(undefined);
      setStatus({ kind: 'sent', email: values.email.trim() });
    } else if (result.error === 'fields') {
      setErrors(result.fields);
      setStatus({ kind: 'fields' });
    } else {
      setStatus({ kind: 'failed', reason: result.error });
    }
  };

  const update = (field: ContactField) => {
    // An error goes away once the field is edited; it is checked again on the next send.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const invalid = CONTACT_FIELDS.filter((field) => errors[field]);

  return (
    <form
      ref={form}
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => botCheck.start()}
      onInput={() => botCheck.start()}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">{t('form.title')}</h2>
      <p className="contact-form__required">{t('form.required')}</p>

      {topic && (
        <div className="contact-form__topic">
          <p className="contact-form__topic-title">{t('form.topicTitle', { subject: t(`topics.${topic}.subject`) })}</p>
          <p>{t(`topics.${topic}.hint`)}</p>
        </div>
      )}

      <div
        ref={statusBox}
        tabIndex={-1}
        className={`contact-form__status contact-form__status--${status.kind}`}
        hidden={status.kind === 'idle' || status.kind === 'sending'}
      >
        {status.kind === 'sent' && (
          <>
            <InfoIcon name="check" />
            <div>
              <p className="contact-form__status-title">{t('form.success.title')}</p>
              <p>{t('form.success.text', { email: status.email })}</p>
            </div>
          </>
        )}
        {status.kind === 'fields' && (
          <div>
            <p className="contact-form__status-title">{t('form.errors.summary')}</p>
            <ul>
              {invalid.map((field) => (
                <li key={field}>
                  <a
                    href={`#${fieldId(field)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(fieldId(field))?.focus();
                    }}
                  >
                    {message(field, errors[field] ?? 'invalid')}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {status.kind === 'failed' && (
          <p className="contact-form__status-title">
            {status.reason === 'server' || status.reason === 'rateLimited' || status.reason === 'botCheckUnavailable'
              ? t(`form.errors.${status.reason}`, { email: ORGANISER.email })
              : t(`form.errors.${status.reason}`)}
          </p>
        )}
      </div>

      {CONTACT_FIELDS.map((field) => {
        const { multiline, ...props } = FIELD_PROPS[field];
        const id = fieldId(field);
        const error = errors[field];
        const hintId = multiline ? `${id}-hint` : undefined;
        const errorId = error ? `${id}-error` : undefined;
        const common = {
          id,
          name: field,
          required: true,
          maxLength: CONTACT_LIMITS[field],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
        } as const;
        return (
          <div key={field} className={`contact-form__field${error ? ' contact-form__field--invalid' : ''}`}>
            <label htmlFor={id}>{t(`form.${field}`)}</label>
            {multiline ? (
              <textarea {...common} rows={7} autoComplete={props.autoComplete} onChange={() => update(field)} />
            ) : (
              <input {...common} {...props} onChange={() => update(field)} />
            )}
            {hintId && (
              <p id={hintId} className="contact-form__hint">
                {t('form.maxLength', { max: formatNumber(lang, CONTACT_LIMITS[field]) })}
              </p>
            )}
            {error && (
              <p id={errorId} className="contact-form__error">
                <InfoIcon name="alert" size={18} />
                {message(field, error)}
              </p>
            )}
          </div>
        );
      })}

      {/* Bots fill every field; people never see this one and assistive technology skips it. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">{t('form.honeypot')}</label>
        <input
          id="contact-website"
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          maxLength={HONEYPOT_LIMIT}
        />
      </div>

      {/* Turnstile's widget, when it is on: rendered here at the form's first use. */}
      <div ref={botBox} className="bot-check" />

      <div className="contact-form__actions">
        <button type="submit" className="button button--accent" disabled={sending} aria-busy={sending}>
          {sending ? t('form.sending') : t('form.submit')}
        </button>
        <p className="contact-form__privacy">
          {t('form.privacy')} <a href={href(lang, 'privacy')}>{t('form.privacyLink')}</a>
        </p>
      </div>
    </form>
  );
}
