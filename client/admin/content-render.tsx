import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../lib/use-language';
import type { ContentKind, RenderReport } from './content-types';
import { dateTime } from './format';
import { useApi } from './session';
import { usePolling } from './use-polling';

/**
 * How the pages' last render went (`GET /api/admin/content/render`), read again every few seconds:
 * up to date, still rendering after a change, or the records it had to leave out (each linked to
 * its editor), so a record that cannot be drawn is found and fixed instead of freezing the pages
 * unnoticed.
 */
export function ContentRenderStatus({ hrefOf }: { hrefOf: (kind: ContentKind, id: string) => string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const load = useCallback(
    async () => (await call<{ render: RenderReport | null }>('/api/admin/content/render')).render,
    [call],
  );
  const { data: report } = usePolling(load);
  if (!report) return null;
  const when = dateTime(lang, report.at);
  const pending = report.revision !== report.current;
  const broken = report.failures.length > 0 || report.failedPages.length > 0;
  return (
    <section className="console-render" aria-label={t('content.publish.render.title')}>
      {pending ? (
        <p className="console-muted" role="status">
          {t('content.publish.render.pending')}
        </p>
      ) : broken ? (
        <div className="console-alert" role="alert">
          {report.failures.length > 0 && (
            <>
              <p>{t('content.publish.render.failed', { when })}</p>
              <ul>
                {report.failures.map((failure) => (
                  <li key={`${failure.kind}/${failure.id}`}>
                    <Link href={hrefOf(failure.kind, failure.id)}>
                      {`${t(`content.one.${failure.kind}`)}: ${failure.id}`}
                    </Link>{' '}
                    ({t('content.publish.render.languages', { languages: failure.languages.join(', ') })})
                  </li>
                ))}
              </ul>
            </>
          )}
          {report.failedPages.length > 0 && (
            <p>{t('content.publish.render.failedPages', { pages: report.failedPages.join(', ') })}</p>
          )}
        </div>
      ) : (
        <p className="console-ok" role="status">
          {t('content.publish.render.ok', { when })}
        </p>
      )}
    </section>
  );
}
