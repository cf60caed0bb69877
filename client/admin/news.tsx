import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LANGUAGES, type LanguageCode } from '../../site/languages';
import type { News, NewsAudience, NewsDetail, NewsStatus, NewsText, NewsTexts } from '../../site/news';
import { PRODUCT_IDS, type ProductId } from '../../site/tickets';
import { useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import type { ContentRecord } from './content-types';
import { DataTable } from './data-table';
import { ScreenHead } from './form-kit';
import { count, dateTime } from './format';
import { useApi } from './session';
import { LoadState, useErrorText } from './status';
import { useLoad } from './use-load';

/**
 * News to ticket holders (site/news.ts): the list of messages with their progress, and one
 * message's page, where it is written in the five languages (Polish required), given its
 * audience, previewed as a language's holders get it, tested on the organisers' address, then
 * sent now or scheduled; while it goes out the page shows how far it got and whom it failed.
 */
export function NewsList() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { value: news, error, load } = useLoad<News[]>('/api/admin/news', 'news');
  return (
    <>
      <ScreenHead title={t('news.title')} intro={t('news.intro')}>
        <Link href="/news/new" className="console-button">
          {t('news.new')}
        </Link>
      </ScreenHead>
      <LoadState error={error} loading={!news && !error} retry={load} />
      {news && news.length === 0 && <p>{t('news.none')}</p>}
      {news && news.length > 0 && (
        <DataTable<News>
          caption={t('news.caption')}
          captionHidden
          rows={news}
          rowKey={(item) => item.id}
          columns={[
            {
              id: 'subject',
              header: t('news.subject'),
              rowHeader: true,
              cell: (item) => <Link href={`/news/${item.id}`}>{item.texts.pl.subject}</Link>,
            },
            { id: 'status', header: t('news.status'), cell: (item) => t(`news.statuses.${item.status}`) },
            {
              id: 'when',
              header: t('news.when'),
              sortBy: (item) => item.sendAt ?? '',
              cell: (item) => (item.sendAt ? dateTime(lang, item.sendAt) : '–'),
            },
            {
              id: 'progress',
              header: t('news.progressColumn'),
              cell: (item) =>
                item.progress.recipients
                  ? t('news.progressShort', {
                      sent: count(lang, item.progress.sent),
                      recipients: count(lang, item.progress.recipients),
                    })
                  : '–',
            },
          ]}
        />
      )}
    </>
  );
}

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l.code !== 'pl');
const EMPTY: NewsTexts = { pl: { subject: '', body: '' } };

/** `datetime-local`'s value for an instant, in the browser's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** One message: new (`id` "new") or stored. */
export function NewsEditor({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const productName = useProductName();
  const { call } = useApi();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const formId = useId();
  const [news, setNews] = useState<NewsDetail | null>(null);
  const [texts, setTexts] = useState<NewsTexts>(EMPTY);
  const [audience, setAudience] = useState<NewsAudience>({});
  const [workshops, setWorkshops] = useState<{ id: string; title: string }[]>([]);
  const [recipients, setRecipients] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [previewLang, setPreviewLang] = useState<LanguageCode>('pl');
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [at, setAt] = useState('');
  const editable = id === 'new' || news?.status === 'draft' || news?.status === 'scheduled';

  const load = useCallback(async () => {
    if (id === 'new') return;
    try {
      const detail = await call<NewsDetail>(`/api/admin/news/${id}`);
      setNews(detail);
      setTexts((current) => (current === EMPTY ? detail.texts : current));
      setAudience((current) => (Object.keys(current).length ? current : detail.audience));
      if (detail.sendAt && detail.status === 'scheduled')
        setAt((current) => current || localInput(detail.sendAt as string));
      setError(null);
    } catch (problem) {
      setError(problem);
    }
  }, [call, id]);
  useEffect(() => {
    void load();
  }, [load]);
  // While it goes out, its progress is read again every few seconds.
  useEffect(() => {
    if (news?.status !== 'sending') return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [news?.status, load]);
  useEffect(() => {
    call<{ records: ContentRecord[] }>('/api/admin/content/workshops')
      .then(({ records }) =>
        setWorkshops(
          records.map((record) => {
            const fields = (record.published ?? record.draft) as { texts?: { pl?: { title?: string } } };
            return { id: record.id, title: fields.texts?.pl?.title ?? record.id };
          }),
        ),
      )
      .catch(() => setWorkshops([]));
  }, [call]);
  useEffect(() => {
    let current = true;
    call<{ recipients: number }>('/api/admin/news/audience', { method: 'POST', body: { audience } })
      .then((body) => current && setRecipients(body.recipients))
      .catch(() => current && setRecipients(null));
    return () => {
      current = false;
    };
  }, [call, audience]);

  const setText = (code: LanguageCode, key: keyof NewsText, value: string) =>
    setTexts((current) => {
      const own = current[code as 'pl'] ?? { subject: '', body: '' };
      return { ...current, [code]: { ...own, [key]: value } };
    });

  /** Saves the message (a new one is created); returns its id, or null when refused. */
  const save = async (): Promise<string | null> => {
    setFields({});
    setNotice(null);
    try {
      const body = { texts, audience };
      const saved =
        id === 'new'
          ? await call<News>('/api/admin/news', { method: 'POST', body })
          : await call<News>(`/api/admin/news/${id}`, { method: 'PUT', body });
      if (id === 'new') navigate(`/news/${saved.id}`, { replace: true });
      return saved.id;
    } catch (problem) {
      if (problem instanceof ApiFailure && problem.code === 'invalid_fields') {
        setFields((problem.details.fields as Record<string, string>) ?? {});
        setNotice({ ok: false, text: t('news.fix') });
      } else {
        setNotice({ ok: false, text: errorText(problem) });
      }
      return null;
    }
  };

  const act = async (action: (savedId: string) => Promise<string | null>) => {
    setBusy(true);
    try {
      const savedId = editable ? await save() : id;
      if (!savedId) return;
      const text = await action(savedId);
      if (text) setNotice({ ok: true, text });
      if (id !== 'new') await load();
    } catch (problem) {
      setNotice({
        ok: false,
        text:
          problem instanceof ApiFailure && problem.code === 'news_not_editable'
            ? t('news.notEditable', { status: t(`news.statuses.${problem.details.status as NewsStatus}`) })
            : errorText(problem),
      });
    } finally {
      setBusy(false);
    }
  };

  const showPreview = (savedId: string) =>
    call<{ subject: string; html: string }>(`/api/admin/news/${savedId}/preview`, {
      method: 'POST',
      body: { lang: previewLang },
    }).then((body) => {
      setPreview(body);
      return null;
    });
  const sendTest = (savedId: string) =>
    call<{ to: string }>(`/api/admin/news/${savedId}/test`, { method: 'POST', body: { lang: previewLang } }).then(
      (body) => t('news.testSent', { to: body.to }),
    );
  const sendNow = async (savedId: string) => {
    if (!window.confirm(t('news.confirmSend', { count: recipients ?? 0 }))) return null;
    await call(`/api/admin/news/${savedId}/send`, { method: 'POST', body: {} });
    return t('news.sending');
  };
  const schedule = async (savedId: string) => {
    const instant = new Date(at);
    if (!at || Number.isNaN(instant.getTime())) {
      setFields({ at: 'required' });
      return null;
    }
    await call(`/api/admin/news/${savedId}/send`, { method: 'POST', body: { at: instant.toISOString() } });
    return t('news.scheduled', { at: dateTime(lang, instant.toISOString()) });
  };
  const cancel = async (savedId: string) => {
    await call(`/api/admin/news/${savedId}/cancel`, { method: 'POST' });
    return t('news.cancelled');
  };

  const fieldError = (path: string) =>
    fields[path] ? (
      <p className="console-field__error" id={`${formId}-${path}-error`}>
        {t(`news.errors.${fields[path]}`, { defaultValue: t('news.errors.invalid') })}
      </p>
    ) : null;
  const describedBy = (path: string) => (fields[path] ? `${formId}-${path}-error` : undefined);

  const textFields = (code: LanguageCode) => {
    const own = texts[code as 'pl'];
    return (
      <>
        {fieldError(`texts.${code}`)}
        <div className="console-field">
          <label htmlFor={`${formId}-${code}-subject`}>{t('news.subject')}</label>
          <input
            id={`${formId}-${code}-subject`}
            lang={code}
            value={own?.subject ?? ''}
            disabled={!editable}
            required={code === 'pl'}
            aria-invalid={fields[`texts.${code}.subject`] ? true : undefined}
            aria-describedby={describedBy(`texts.${code}.subject`)}
            onChange={(event) => setText(code, 'subject', event.target.value)}
          />
          {fieldError(`texts.${code}.subject`)}
        </div>
        <div className="console-field">
          <label htmlFor={`${formId}-${code}-body`}>{t('news.body')}</label>
          <textarea
            id={`${formId}-${code}-body`}
            lang={code}
            rows={8}
            value={own?.body ?? ''}
            disabled={!editable}
            required={code === 'pl'}
            aria-invalid={fields[`texts.${code}.body`] ? true : undefined}
            aria-describedby={describedBy(`texts.${code}.body`)}
            onChange={(event) => setText(code, 'body', event.target.value)}
          />
          {fieldError(`texts.${code}.body`)}
        </div>
      </>
    );
  };

  const toggleProduct = (product: ProductId, on: boolean) =>
    setAudience((current) => {
      const products = new Set(current.products ?? []);
      if (on) products.add(product);
      else products.delete(product);
      const { products: _, ...rest } = current;
      return products.size ? { ...rest, products: PRODUCT_IDS.filter((p) => products.has(p)) } : rest;
    });
  const setFilter = <K extends keyof NewsAudience>(key: K, value: NewsAudience[K] | undefined) =>
    setAudience((current) => {
      const { [key]: _, ...rest } = current;
      return value === undefined ? rest : { ...rest, [key]: value };
    });

  if (id !== 'new' && !news) return <LoadState error={error} loading={!error} retry={load} />;
  const progress = news?.progress;
  return (
    <>
      <p>
        <Link href="/news">{t('news.back')}</Link>
      </p>
      <ScreenHead title={id === 'new' ? t('news.new') : news?.texts.pl.subject} notice={notice}>
        {news && <p className="console-muted">{t(`news.statuses.${news.status}`)}</p>}
      </ScreenHead>
      {progress && progress.recipients > 0 && (
        <section aria-labelledby={`${formId}-progress`} className="console-panel">
          <h2 id={`${formId}-progress`}>{t('news.progress')}</h2>
          <progress
            max={progress.recipients}
            value={progress.sent + progress.failed + progress.skipped}
            aria-labelledby={`${formId}-progress`}
          />
          <p>
            {t('news.progressLine', {
              recipients: count(lang, progress.recipients),
              sent: count(lang, progress.sent),
              queued: count(lang, progress.queued + progress.waiting),
              failed: count(lang, progress.failed),
              skipped: count(lang, progress.skipped),
            })}
          </p>
          {news && news.failures.length > 0 && (
            <>
              <h3>{t('news.failures')}</h3>
              <ul>
                {news.failures.map((failure) => (
                  <li key={failure.address}>
                    <span className="console-break">{failure.address}</span>: {failure.error}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      <form
        className="console-news"
        onSubmit={(event) => {
          event.preventDefault();
          void act(async () => t('news.saved'));
        }}
      >
        <fieldset className="console-panel">
          <legend>{t('news.audience')}</legend>
          <div className="console-news__audience">
            <div className="console-field">
              <label htmlFor={`${formId}-mode`}>{t('news.mode')}</label>
              <select
                id={`${formId}-mode`}
                value={audience.mode ?? ''}
                disabled={!editable}
                onChange={(event) => setFilter('mode', (event.target.value || undefined) as NewsAudience['mode'])}
              >
                <option value="">{t('news.modes.all')}</option>
                <option value="onsite">{t('news.modes.onsite')}</option>
                <option value="online">{t('news.modes.online')}</option>
              </select>
            </div>
            <div className="console-field">
              <label htmlFor={`${formId}-checked`}>{t('news.checkedIn')}</label>
              <select
                id={`${formId}-checked`}
                value={audience.checkedIn === undefined ? '' : String(audience.checkedIn)}
                disabled={!editable}
                onChange={(event) =>
                  setFilter('checkedIn', event.target.value === '' ? undefined : event.target.value === 'true')
                }
              >
                <option value="">{t('news.checked.any')}</option>
                <option value="true">{t('news.checked.in')}</option>
                <option value="false">{t('news.checked.out')}</option>
              </select>
            </div>
            <div className="console-field">
              <label htmlFor={`${formId}-workshop`}>{t('news.workshop')}</label>
              <select
                id={`${formId}-workshop`}
                value={audience.workshop ?? ''}
                disabled={!editable}
                onChange={(event) => setFilter('workshop', event.target.value || undefined)}
              >
                <option value="">{t('news.anyWorkshop')}</option>
                {workshops.map((workshop) => (
                  <option key={workshop.id} value={workshop.id}>
                    {workshop.title}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <fieldset className="console-news__products">
            <legend>{t('news.products')}</legend>
            {PRODUCT_IDS.map((product) => (
              <label key={product}>
                <input
                  type="checkbox"
                  checked={audience.products?.includes(product) ?? false}
                  disabled={!editable}
                  onChange={(event) => toggleProduct(product, event.target.checked)}
                />{' '}
                {productName(product)}
              </label>
            ))}
            <p className="console-muted">{t('news.productsHint')}</p>
          </fieldset>
          <p aria-live="polite">
            {recipients === null ? '' : t('news.recipients', { count: recipients, n: count(lang, recipients) })}
          </p>
        </fieldset>
        <fieldset className="console-panel">
          <legend>{t('news.languages.pl')}</legend>
          {textFields('pl')}
        </fieldset>
        {OTHER_LANGUAGES.map((language) => (
          <details key={language.code} className="console-panel" open={Boolean(texts[language.code as 'de'])}>
            <summary>
              {t(`news.languages.${language.code}`)}
              {texts[language.code as 'de']?.subject ? '' : ` – ${t('news.fallback')}`}
            </summary>
            {textFields(language.code)}
          </details>
        ))}
        {editable && (
          <p>
            <button type="submit" className="console-button console-button--quiet" disabled={busy}>
              {t('news.save')}
            </button>
          </p>
        )}
      </form>
      <section aria-labelledby={`${formId}-check`} className="console-panel">
        <h2 id={`${formId}-check`}>{t('news.check')}</h2>
        <div className="console-news__actions">
          <div className="console-field">
            <label htmlFor={`${formId}-preview-lang`}>{t('news.previewLanguage')}</label>
            <select
              id={`${formId}-preview-lang`}
              value={previewLang}
              onChange={(event) => setPreviewLang(event.target.value as LanguageCode)}
            >
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.label}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="console-button console-button--quiet"
            disabled={busy}
            onClick={() => void act(showPreview)}
          >
            {t('news.preview')}
          </button>
          <button
            type="button"
            className="console-button console-button--quiet"
            disabled={busy}
            onClick={() => void act(sendTest)}
          >
            {t('news.test')}
          </button>
        </div>
        {preview && (
          <iframe
            className="console-news__preview"
            title={t('news.previewTitle', { subject: preview.subject })}
            sandbox=""
            srcDoc={preview.html}
          />
        )}
      </section>
      {editable && (
        <section aria-labelledby={`${formId}-send`} className="console-panel">
          <h2 id={`${formId}-send`}>{t('news.send')}</h2>
          <div className="console-news__actions">
            <button type="button" className="console-button" disabled={busy} onClick={() => void act(sendNow)}>
              {t('news.sendNow')}
            </button>
            <div className="console-field">
              <label htmlFor={`${formId}-at`}>{t('news.at')}</label>
              <input
                id={`${formId}-at`}
                type="datetime-local"
                value={at}
                aria-invalid={fields.at ? true : undefined}
                aria-describedby={describedBy('at')}
                onChange={(event) => setAt(event.target.value)}
              />
              {fieldError('at')}
            </div>
            <button
              type="button"
              className="console-button console-button--quiet"
              disabled={busy}
              onClick={() => void act(schedule)}
            >
              {t('news.schedule')}
            </button>
          </div>
        </section>
      )}
      {(news?.status === 'scheduled' || news?.status === 'sending') && (
        <p>
          <button
            type="button"
            className="console-button console-button--quiet"
            disabled={busy}
            onClick={() => void act(cancel)}
          >
            {news.status === 'scheduled' ? t('news.unschedule') : t('news.stop')}
          </button>
        </p>
      )}
    </>
  );
}
