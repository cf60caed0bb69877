import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation } from 'wouter';
import { LANGUAGES, type LanguageCode } from '../../site/languages';
import { storedToken, storeName, storeToken } from './api';
import { Content, isKind } from './content';
import { ContentEditor } from './content-editor';
import { ContentHistory } from './content-history';
import { Dashboard } from './dashboard';
import { Door } from './door';
import { Holds } from './holds';
import { switchLanguage } from './i18n';
import { Invoices } from './invoices';
import { Login } from './login';
import { Messages } from './messages';
import { Online } from './online';
import { OrderPage } from './order';
import { Orders } from './orders';
import { type LogoutReason, SessionContext } from './session';
import { Transfers } from './transfers';

const SECTIONS = [
  { path: '/', key: 'dashboard' },
  { path: '/orders', key: 'orders' },
  { path: '/invoices', key: 'invoices' },
  { path: '/transfers', key: 'transfers' },
  { path: '/holds', key: 'holds' },
  { path: '/messages', key: 'messages' },
  { path: '/content', key: 'content' },
  { path: '/online', key: 'online' },
  { path: '/door', key: 'door' },
] as const;

/**
 * The console: the login screen until this tab has a token the API accepts, then the
 * sections. A token the API stops accepting (401) brings the login screen back with a reason.
 */
export function ConsoleApp() {
  const { t } = useTranslation('admin');
  const [token, setToken] = useState(storedToken);
  const [loggedOut, setLoggedOut] = useState<LogoutReason | null>(null);

  const logout = useCallback((reason: LogoutReason) => {
    storeToken(null);
    if (reason === 'user') storeName(null);
    setToken('');
    setLoggedOut(reason);
  }, []);
  const login = useCallback((value: string) => {
    storeToken(value);
    setToken(value);
    setLoggedOut(null);
  }, []);
  const session = useMemo(() => ({ token, logout }), [token, logout]);

  useEffect(() => {
    document.title = `${t('title')} – Kongres AI`;
  }, [t]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <header className="console-header">
        <div className="console-header__inner">
          <p className="console-header__brand">
            Kongres <span className="accent">AI</span> · {t('title')}
          </p>
          <div className="console-header__tools">
            <LanguageSelect />
            {token && (
              <button type="button" className="console-button console-button--quiet" onClick={() => logout('user')}>
                {t('logout')}
              </button>
            )}
          </div>
        </div>
        {token && <Navigation />}
      </header>
      <SessionContext.Provider value={session}>
        <Main>
          {token ? (
            <Switch>
              <Route path="/">
                <Dashboard />
              </Route>
              <Route path="/orders">
                <Orders />
              </Route>
              <Route path="/orders/:id">{(params) => <OrderPage id={params.id} />}</Route>
              <Route path="/invoices">
                <Invoices />
              </Route>
              <Route path="/transfers">
                <Transfers />
              </Route>
              <Route path="/holds">
                <Holds />
              </Route>
              <Route path="/messages">
                <Messages />
              </Route>
              <Route path="/content">
                <Content kind="speakers" />
              </Route>
              <Route path="/content/history">
                <ContentHistory />
              </Route>
              <Route path="/content/:kind">
                {(params) => (isKind(params.kind) ? <Content kind={params.kind} /> : <Content kind="speakers" />)}
              </Route>
              <Route path="/content/:kind/:id">
                {(params) =>
                  isKind(params.kind) ? (
                    <ContentEditor kind={params.kind} id={params.id} />
                  ) : (
                    <Content kind="speakers" />
                  )
                }
              </Route>
              <Route path="/online">
                <Online />
              </Route>
              <Route path="/door">
                <Door />
              </Route>
              <Route>
                <Dashboard />
              </Route>
            </Switch>
          ) : (
            <Login reason={loggedOut} onLogin={login} />
          )}
        </Main>
      </SessionContext.Provider>
    </>
  );
}

/** The main landmark; moving to another section puts focus on it, as a page load would. */
function Main({ children }: { children: React.ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the location.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location]);
  return (
    <main id="main" className="console-main" tabIndex={-1} ref={main}>
      {children}
    </main>
  );
}

function Navigation() {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const current = (path: string) => (path === '/' ? location === '/' : location.startsWith(path));
  return (
    <nav className="console-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Link href={section.path} aria-current={current(section.path) ? 'page' : undefined}>
              {t(`nav.${section.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LanguageSelect() {
  const { t, i18n } = useTranslation('admin');
  return (
    <label className="console-language">
      <span className="visually-hidden">{t('language')}</span>
      <select value={i18n.language} onChange={(event) => void switchLanguage(i18n, event.target.value as LanguageCode)}>
        {LANGUAGES.map((lang) => (
          <option key={lang.code} value={lang.code} lang={lang.code}>
            {lang.label}
          </option>
        ))}
      </select>
    </label>
  );
}
