import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, callApi, type Me } from './api';
import { Button } from './form-kit';
import type { LogoutReason } from './session';

type Problem = 'rejected' | 'throttled' | 'unavailable' | 'failed' | 'expired' | 'noRole';

/**
 * The token screen: a person's own token (an admin makes it on the staff screen) is tried against
 * the API before it is kept, so a wrong one is refused here with a clear message, and a console
 * without a server token says so. The API answers who the token belongs to; no name is typed.
 */
export function Login({ reason, onLogin }: { reason: LogoutReason | null; onLogin: (token: string, me: Me) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(reason === 'expired' ? 'expired' : null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = draft.trim();
    if (!token) {
      setProblem('rejected');
      return;
    }
    setChecking(true);
    try {
      onLogin(token, await callApi<Me>(token, '/api/admin/me'));
    } catch (error) {
      const status = error instanceof ApiFailure ? error.status : 0;
      setProblem(
        status === 401
          ? 'rejected'
          : status === 403
            ? 'noRole'
            : status === 429
              ? 'throttled'
              : status === 404
                ? 'unavailable'
                : 'failed',
      );
      setChecking(false);
    }
  };

  return (
    <section className="console-login" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p>{t('login.intro')}</p>
      {problem && (
        <p className="console-alert" role="alert">
          {t(`login.${problem}`)}
        </p>
      )}
      <form onSubmit={submit} className="console-form">
        <label htmlFor="admin-token">{t('login.token')}</label>
        <input
          id="admin-token"
          name="token"
          type="password"
          autoComplete="current-password"
          required
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={problem === 'rejected' || undefined}
          aria-describedby="admin-token-hint"
        />
        <span id="admin-token-hint" className="console-hint">
          {t('login.tokenHint')}
        </span>
        <Button type="submit" disabled={checking}>
          {checking ? t('login.checking') : t('login.submit')}
        </Button>
      </form>
    </section>
  );
}
