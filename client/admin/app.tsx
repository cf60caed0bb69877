import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import type { LanguageCode } from '../../site/languages';
import { ApiFailure, callApi, type Me, storedMe, storedToken, storeMe, storeToken } from './api';
import { Comps } from './comps';
import { Content, isKind } from './content';
import { ContentEditor } from './content-editor';
import { ContentHistory } from './content-history';
import { Dashboard } from './dashboard';
import { DataRequests } from './data-requests';
import { Door } from './door';
import { Button, LANGUAGE_CHOICES, Select } from './form-kit';
import { Holds } from './holds';
import { switchLanguage } from './i18n';
import { Invoices } from './invoices';
import { Login } from './login';
import { Messages } from './messages';
import { NewsEditor, NewsList } from './news';
import { Online } from './online';
import { OrderPage } from './order';
import { Orders } from './orders';
import { OssReportScreen } from './oss';
import { Refunds } from './refunds';
import { mayUse, type Screen } from './roles';
import { type LogoutReason, SessionContext } from './session';
import { Staff } from './staff';
import { Transfers } from './transfers';
import { Vouchers } from './vouchers';
import { Waitlist } from './waitlist';

const SECTIONS = [
  { path: '/', key: 'dashboard' },
  { path: '/orders', key: 'orders' },
  { path: '/invoices', key: 'invoices' },
  { path: '/transfers', key: 'transfers' },
  { path: '/refunds', key: 'refunds' },
  { path: '/oss', key: 'oss' },
  { path: '/holds', key: 'holds' },
  { path: '/vouchers', key: 'vouchers' },
  { path: '/waitlist', key: 'waitlist' },
  { path: '/comps', key: 'comps' },
  { path: '/messages', key: 'messages' },
  { path: '/news', key: 'news' },
  { path: '/content', key: 'content' },
  { path: '/online', key: 'online' },
  { path: '/door', key: 'door' },
  { path: '/staff', key: 'staff' },
  { path: '/data-requests', key: 'dataRequests' },
] as const satisfies readonly { path: string; key: Screen }[];

/**
 * The console: the login screen until this tab has a token the API accepts (or Cloudflare Access
 * has signed the person in, which needs no token), then the sections the person's role uses. A
 * token the API stops accepting (401) brings the login screen back with a reason.
 */
export function ConsoleApp() {
  const { t } = useTranslation('admin');
  const [token, setToken] = useState(storedToken);
  const [me, setMe] = useState<Me | null>(null);
  const [asking, setAsking] = useState(true);
  const [loggedOut, setLoggedOut] = useState<LogoutReason | null>(null);

  // Who is signed in: the kept token's person, or the one Access signed in (no token at all).
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the console opens.
  useEffect(() => {
    callApi<Me>(token, '/api/admin/me')
      .then((person) => {
        setMe(person);
        storeMe(person);
      })
      .catch((error: unknown) => {
        // No network (an offline door reloaded): the person this tab last knew, kept with the token.
        const kept = storedMe();
        if (error instanceof ApiFailure && error.status === 0 && kept && (token || kept.via === 'access')) {
          setMe(kept);
          return;
        }
        // A kept token the API no longer takes: the login screen says so.
        if (token) {
          storeToken(null);
          storeMe(null);
          setToken('');
          setLoggedOut('expired');
        }
      })
      .finally(() => setAsking(false));
  }, []);

  const logout = useCallback((reason: LogoutReason) => {
    storeToken(null);
    storeMe(null);
    setToken('');
    setMe(null);
    setLoggedOut(reason);
  }, []);
  const login = useCallback((value: string, person: Me) => {
    storeToken(value);
    storeMe(person);
    setToken(value);
    setMe(person);
    setLoggedOut(null);
  }, []);
  const session = useMemo(() => ({ token, me, logout }), [token, me, logout]);

  useEffect(() => {
    document.title = `${t('title')} – Kongres AI`;
  }, [t]);

  const allowed = (screen: Screen, page: React.ReactNode) => (mayUse(me?.role, screen) ? page : <NotAllowed />);
  const home = SECTIONS.find((section) => mayUse(me?.role, section.key));

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
            {me && (
              <p className="console-header__who">
                <span translate="no">{me.name}</span> · {t(`roles.${me.role}`)}
              </p>
            )}
            <LanguageSelect />
            {me &&
              (me.via === 'access' ? (
                // Access keeps the sign-in in its own cookie: only its logout ends it.
                <a className="console-button console-button--quiet" href="/cdn-cgi/access/logout">
                  {t('logout')}
                </a>
              ) : (
                <Button look="quiet" onClick={() => logout('user')}>
                  {t('logout')}
                </Button>
              ))}
          </div>
        </div>
        {me && <Navigation role={me.role} />}
      </header>
      <SessionContext.Provider value={session}>
        <Main>
          {asking ? null : me ? (
            <Switch>
              <Route path="/">
                {mayUse(me.role, 'dashboard') ? <Dashboard /> : home ? <Redirect to={home.path} replace /> : null}
              </Route>
              <Route path="/orders">{allowed('orders', <Orders />)}</Route>
              <Route path="/orders/:id">{(params) => allowed('orders', <OrderPage id={params.id} />)}</Route>
              <Route path="/invoices">{allowed('invoices', <Invoices />)}</Route>
              <Route path="/transfers">{allowed('transfers', <Transfers />)}</Route>
              <Route path="/refunds">{allowed('refunds', <Refunds />)}</Route>
              <Route path="/oss">{allowed('oss', <OssReportScreen />)}</Route>
              <Route path="/holds">{allowed('holds', <Holds />)}</Route>
              <Route path="/vouchers">{allowed('vouchers', <Vouchers />)}</Route>
              <Route path="/waitlist">{allowed('waitlist', <Waitlist />)}</Route>
              <Route path="/comps">{allowed('comps', <Comps />)}</Route>
              <Route path="/messages">{allowed('messages', <Messages />)}</Route>
              <Route path="/news">{allowed('news', <NewsList />)}</Route>
              <Route path="/news/:id">{(params) => allowed('news', <NewsEditor id={params.id} />)}</Route>
              <Route path="/content">{allowed('content', <Content kind="speakers" />)}</Route>
              <Route path="/content/history">{allowed('content', <ContentHistory />)}</Route>
              <Route path="/content/:kind">
                {(params) =>
                  allowed('content', isKind(params.kind) ? <Content kind={params.kind} /> : <Content kind="speakers" />)
                }
              </Route>
              <Route path="/content/:kind/:id">
                {(params) =>
                  allowed(
                    'content',
                    isKind(params.kind) ? (
                      <ContentEditor kind={params.kind} id={params.id} />
                    ) : (
                      <Content kind="speakers" />
                    ),
                  )
                }
              </Route>
              <Route path="/online">{allowed('online', <Online />)}</Route>
              <Route path="/door">{allowed('door', <Door />)}</Route>
              <Route path="/staff">{allowed('staff', <Staff />)}</Route>
              <Route path="/data-requests">{allowed('dataRequests', <DataRequests />)}</Route>
              <Route>{home ? <Redirect to={home.path} replace /> : null}</Route>
            </Switch>
          ) : (
            <Login reason={loggedOut} onLogin={login} />
          )}
        </Main>
      </SessionContext.Provider>
    </>
  );
}

/** A screen the person's role does not use (a typed or old link): said plainly, with no data asked for. */
function NotAllowed() {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="console-title">
        <h1>{t('notAllowed.title')}</h1>
      </div>
      <p className="console-lead">{t('notAllowed.text')}</p>
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

function Navigation({ role }: { role: Me['role'] }) {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const current = (path: string) => (path === '/' ? location === '/' : location.startsWith(path));
  return (
    <nav className="console-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.filter((section) => mayUse(role, section.key)).map((section) => (
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
  const id = useId();
  return (
    <label className="console-language" htmlFor={id}>
      <span className="visually-hidden">{t('language')}</span>
      <Select
        id={id}
        value={i18n.language}
        onChange={(event) => void switchLanguage(i18n, event.target.value as LanguageCode)}
        options={LANGUAGE_CHOICES}
      />
    </label>
  );
}
