import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, callApi, storedName, storeName } from './api';
import type { LogoutReason } from './session';

type Problem = 'rejected' | 'throttled' | 'unavailable' | 'failed' | 'expired';

/**
 * The token screen: the token is tried against the API before it is kept, so a wrong one is
 * refused here with a clear message, and a console without a server token says so.
 */
export function Login({ reason, onLogin }: { reason: LogoutReason | null; onLogin: (token: string) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [name, setName] = useState(storedName);
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
      await callApi(token, '/api/admin/stats');
      storeName(name.trim() || null);
      onLogin(token);
    } catch (error) {
      const status = error instanceof ApiFailure ? error.status : 0;
      setProblem(
        status === 401 ? 'rejected' : status === 429 ? 'throttled' : status === 404 ? 'unavailable' : 'failed',
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
        />
        <label htmlFor="admin-name">{t('login.name')}</label>
        <input
          id="admin-name"
          name="organiser"
          autoComplete="name"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-describedby="admin-name-hint"
        />
        <span id="admin-name-hint" className="console-hint">
          {t('login.nameHint')}
        </span>
        <button type="submit" className="console-button" disabled={checking}>
          {checking ? t('login.checking') : t('login.submit')}
        </button>
      </form>
    </section>
  );
}
