import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  joinWorkshopWaitlist,
  type RegistrationResult,
  registerForWorkshop,
  type WaitlistJoinResult,
} from '../lib/delivery-api';
import '../styles/delivery.css';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'required' }
  | { kind: RegistrationResult; email?: string }
  | (WaitlistJoinResult & { email?: string });

// An online plan's holder is not refused: the workshop is theirs online, which is good news.
const GOOD: ReadonlySet<Status['kind']> = new Set(['registered', 'online', 'waitlistJoined', 'waitlistExists']);

/**
 * Registration for one workshop: the order's e-mail and code, posted to the box office. Every
 * answer (registered, full, not eligible, no such order, already registered, no connection) is
 * said in a status box that takes focus; the fields are the browser's own (read with FormData
 * when sent), so they keep what was typed whatever happens, before React hydrates too.
 */
export function WorkshopRegistration({ workshopId }: { workshopId: string }) {
  const { t, i18n } = useTranslation('workshop');
  const form = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const statusBox = useRef<HTMLDivElement>(null);
  const sending = status.kind === 'sending';
  const id = `workshop-${workshopId}`;

  // In the commit that shows the answer, not an effect later: the answer never shows without the
  // focus on it (a test that found the text once saw the focus still on the page).
  useLayoutEffect(() => {
    if (status.kind !== 'idle' && status.kind !== 'sending') statusBox.current?.focus();
  }, [status]);

  // Read from the form itself: what was typed or autofilled before React hydrated counts too. Both
  // asks need the e-mail and the code; the answer keeps the e-mail to say where it went.
  const send = async (
    from: HTMLFormElement,
    ask: (values: { email: string; code: string }) => Promise<{ kind: RegistrationResult } | WaitlistJoinResult>,
  ) => {
    const data = new FormData(from);
    const values = { email: String(data.get('email') ?? '').trim(), code: String(data.get('code') ?? '').trim() };
    if (!values.email || !values.code) {
      setStatus({ kind: 'required' });
      return;
    }
    setStatus({ kind: 'sending' });
    setStatus({ ...(await ask(values)), email: values.email });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    await send(event.currentTarget, async (values) => ({ kind: await registerForWorkshop(workshopId, values) }));
  };

  // A full workshop: the same e-mail and code put the ticket on its waiting list (no double
  // opt-in: the code proves the holder, as it does for a seat).
  const joinWaitlist = async () => {
    if (sending || !form.current) return;
    await send(form.current, (values) => joinWorkshopWaitlist(workshopId, { ...values, lang: i18n.language }));
  };

  const shown = status.kind !== 'idle' && status.kind !== 'sending';
  return (
    <form ref={form} className="delivery-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('workshop.title')}</h2>
      <p>{t('workshop.lead')}</p>
      <div className="delivery-form__field">
        <label htmlFor={`${id}-email`}>{t('workshop.email')}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
      </div>
      <div className="delivery-form__field">
        <label htmlFor={`${id}-code`}>{t('workshop.code')}</label>
        <input
          id={`${id}-code`}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-describedby={`${id}-code-hint`}
        />
        <p id={`${id}-code-hint`} className="delivery-form__hint">
          {t('workshop.codeHint')}
        </p>
      </div>
      <div
        ref={statusBox}
        tabIndex={-1}
        role="status"
        className={`delivery-result delivery-result--${GOOD.has(status.kind) ? 'good' : 'bad'}`}
        hidden={!shown}
      >
        {shown && (
          <p>
            {t(`workshop.result.${status.kind}`, {
              email: 'email' in status ? status.email : '',
              position: 'position' in status ? status.position : '',
            })}
          </p>
        )}
        {status.kind === 'full' && (
          <>
            <p>{t('workshop.waitlistLead')}</p>
            <button type="button" className="button button--accent" onClick={joinWaitlist}>
              {t('workshop.waitlistJoin')}
            </button>
          </>
        )}
      </div>
      <button
        type="submit"
        className="button button--accent delivery-form__submit"
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? t('workshop.sending') : t('workshop.submit')}
      </button>
    </form>
  );
}
