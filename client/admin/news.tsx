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
import { Button, Field, LANGUAGE_CHOICES, ScreenHead, Select } from './form-kit';
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

  /** An error of a whole language's texts (none of them given where one is). */
  const textsError = (code: LanguageCode) =>
    fields[`texts.${code}`] ? <p className="console-field__error">{errorOf(`texts.${code}`)}</p> : null;
  /** A control's id and its error, read after its label (`Field`). */
  const described = (path: string, id: string) => ({
    id,
    'aria-invalid': fields[path] ? true : undefined,
    'aria-describedby': fields[path] ? `${id}-error` : undefined,
  });
  const errorOf = (path: string) =>
    fields[path] && t(`news.errors.${fields[path]}`, { defaultValue: t('news.errors.invalid') });

  const textFields = (code: LanguageCode) => {
    const own = texts[code as 'pl'];
    return (
      <>
        {textsError(code)}
        <Field id={`${formId}-${code}-subject`} label={t('news.subject')} error={errorOf(`texts.${code}.subject`)}>
          <input
            {...described(`texts.${code}.subject`, `${formId}-${code}-subject`)}
            lang={code}
            value={own?.subject ?? ''}
            disabled={!editable}
            required={code === 'pl'}
            onChange={(event) => setText(code, 'subject', event.target.value)}
          />
        </Field>
        <Field id={`${formId}-${code}-body`} label={t('news.body')} error={errorOf(`texts.${code}.body`)}>
          <textarea
            {...described(`texts.${code}.body`, `${formId}-${code}-body`)}
            lang={code}
            rows={8}
            value={own?.body ?? ''}
            disabled={!editable}
            required={code === 'pl'}
            onChange={(event) => setText(code, 'body', event.target.value)}
          />
        </Field>
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
            <Field id={`${formId}-mode`} label={t('news.mode')}>
              <Select
                id={`${formId}-mode`}
                value={audience.mode ?? ''}
                disabled={!editable}
                onChange={(event) => setFilter('mode', (event.target.value || undefined) as NewsAudience['mode'])}
                any={t('news.modes.all')}
                options={(['onsite', 'online'] as const).map((mode) => [mode, t(`news.modes.${mode}`)])}
              />
            </Field>
            <Field id={`${formId}-checked`} label={t('news.checkedIn')}>
              <Select
                id={`${formId}-checked`}
                value={audience.checkedIn === undefined ? '' : String(audience.checkedIn)}
                disabled={!editable}
                onChange={(event) =>
                  setFilter('checkedIn', event.target.value === '' ? undefined : event.target.value === 'true')
                }
                any={t('news.checked.any')}
                options={[
                  ['true', t('news.checked.in')],
                  ['false', t('news.checked.out')],
                ]}
              />
            </Field>
            <Field id={`${formId}-workshop`} label={t('news.workshop')}>
              <Select
                id={`${formId}-workshop`}
                value={audience.workshop ?? ''}
                disabled={!editable}
                onChange={(event) => setFilter('workshop', event.target.value || undefined)}
                any={t('news.anyWorkshop')}
                options={workshops.map((workshop) => [workshop.id, workshop.title])}
              />
            </Field>
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
            <Button type="submit" look="quiet" disabled={busy}>
              {t('news.save')}
            </Button>
          </p>
        )}
      </form>
      <section aria-labelledby={`${formId}-check`} className="console-panel">
        <h2 id={`${formId}-check`}>{t('news.check')}</h2>
        <div className="console-news__actions">
          <Field id={`${formId}-preview-lang`} label={t('news.previewLanguage')}>
            <Select
              id={`${formId}-preview-lang`}
              value={previewLang}
              onChange={(event) => setPreviewLang(event.target.value as LanguageCode)}
              options={LANGUAGE_CHOICES}
            />
          </Field>
          <Button look="quiet" disabled={busy} onClick={() => void act(showPreview)}>
            {t('news.preview')}
          </Button>
          <Button look="quiet" disabled={busy} onClick={() => void act(sendTest)}>
            {t('news.test')}
          </Button>
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
            <Button disabled={busy} onClick={() => void act(sendNow)}>
              {t('news.sendNow')}
            </Button>
            <Field id={`${formId}-at`} label={t('news.at')} error={errorOf('at')}>
              <input
                {...described('at', `${formId}-at`)}
                type="datetime-local"
                value={at}
                onChange={(event) => setAt(event.target.value)}
              />
            </Field>
            <Button look="quiet" disabled={busy} onClick={() => void act(schedule)}>
              {t('news.schedule')}
            </Button>
          </div>
        </section>
      )}
      {(news?.status === 'scheduled' || news?.status === 'sending') && (
        <p>
          <Button look="quiet" disabled={busy} onClick={() => void act(cancel)}>
            {news.status === 'scheduled' ? t('news.unschedule') : t('news.stop')}
          </Button>
        </p>
      )}
    </>
  );
}
