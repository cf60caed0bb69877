import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LANGUAGES, type LanguageCode } from '../../site/languages';
import { useLanguage } from '../lib/use-language';
import { ContentPublish } from './content-publish';
import { ContentRenderStatus } from './content-render';
import { CONTENT_KINDS, type ContentKind, type ContentRecord } from './content-types';
import { DataTable } from './data-table';
import { ScreenHead } from './form-kit';
import { dateTime } from './format';
import { useApi } from './session';
import { LoadState } from './status';

/** Whether a path segment names a kind of content. */
export const isKind = (value: string): value is ContentKind => (CONTENT_KINDS as readonly string[]).includes(value);

/** The console's path of a kind's list, and of one record's editor. */
export const kindHref = (kind: ContentKind) => `/content/${kind}`;
export const recordHref = (kind: ContentKind, id: string) => `/content/${kind}/${encodeURIComponent(id)}`;

/** What names a record in a list: a person's or company's name, else the Polish title, else its id. */
export function recordTitle(record: Pick<ContentRecord, 'id' | 'draft'>): string {
  const { name } = record.draft;
  const title = record.draft.texts?.pl?.title;
  return typeof name === 'string' && name ? name : typeof title === 'string' && title ? title : record.id;
}

/** The languages whose texts miss a field of the draft: those show Polish on the pages. */
export function missingLanguages(record: Pick<ContentRecord, 'missing'>): LanguageCode[] {
  return LANGUAGES.map((l) => l.code).filter((code) => (record.missing[code]?.length ?? 0) > 0);
}

/**
 * The content organisers publish: one list per kind (speakers, sessions, workshops, exhibitors,
 * partners) with each record's state, example mark and missing translations, and the publication
 * of the drafts, now or at a moment, with the publications still to come.
 */
export function Content({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const [list, setList] = useState<{ kind: ContentKind; records: ContentRecord[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const shown = list?.kind === kind ? list.records : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads the list again.
  useEffect(() => {
    let current = true;
    setError(null);
    call<{ records: ContentRecord[] }>(`/api/admin/content/${kind}`).then(
      (result) => current && setList({ kind, records: result.records }),
      (failure) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [call, kind, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <>
      <ScreenHead title={t('content.title')}>
        <Link href="/content/history" className="console-button console-button--quiet">
          {t('content.history.link')}
        </Link>
      </ScreenHead>
      <p className="console-lead">{t('content.intro')}</p>
      <ContentPublish onPublished={reload} />
      <ContentRenderStatus hrefOf={recordHref} />
      <nav className="console-kinds" aria-label={t('content.kindsLabel')}>
        <ul>
          {CONTENT_KINDS.map((k) => (
            <li key={k}>
              <Link href={kindHref(k)} aria-current={k === kind ? 'page' : undefined}>
                {t(`content.kinds.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="content-list-title">
        <div className="console-title console-title--sub">
          <h2 id="content-list-title">{t(`content.kinds.${kind}`)}</h2>
          <Link href={`/content/${kind}/new`} className="console-button">
            {t(`content.add.${kind}`)}
          </Link>
        </div>
        <LoadState error={error} loading={!shown && !error} retry={reload} />
        {shown && <RecordTable kind={kind} records={shown} />}
      </section>
    </>
  );
}

/** A record's state as a pill: draft (never published), published, or changed since publication. */
export function StatusPill({ status }: { status: ContentRecord['status'] }) {
  const { t } = useTranslation('admin');
  return <span className={`console-status console-status--${status}`}>{t(`content.status.${status}`)}</span>;
}

/** The mark of example content, which a production deploy refuses to publish. */
export function ExamplePill() {
  const { t } = useTranslation('admin');
  return <span className="console-status console-status--example">{t('content.example')}</span>;
}

/** A kind's records in the store's order; by name, state or last change at a click. */
function RecordTable({ kind, records }: { kind: ContentKind; records: ContentRecord[] }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <DataTable<ContentRecord>
      caption={t('content.caption', { kind: t(`content.kinds.${kind}`), count: records.length })}
      rows={records}
      rowKey={(record) => record.id}
      empty={t('content.empty')}
      columns={[
        {
          id: 'name',
          header: t('content.columns.name'),
          rowHeader: true,
          cell: (record) => (
            <>
              <Link href={recordHref(kind, record.id)}>{recordTitle(record)}</Link>
              <span className="console-block console-hint">{summaryOf(kind, record, t)}</span>
            </>
          ),
          sortBy: recordTitle,
        },
        {
          id: 'status',
          header: t('content.columns.status'),
          cell: (record) => (
            <span className="console-pills">
              <StatusPill status={record.status} />
              {record.example && <ExamplePill />}
            </span>
          ),
          sortBy: (record) => t(`content.status.${record.status}`),
        },
        {
          id: 'translations',
          header: t('content.columns.translations'),
          cell: (record) => {
            const missing = missingLanguages(record);
            return missing.length === 0 ? (
              t('content.translationsComplete')
            ) : (
              <span className="console-missing">
                {t('content.translationsMissing', { languages: missing.map(shortName).join(', ') })}
              </span>
            );
          },
          sortBy: (record) => missingLanguages(record).length,
        },
        {
          id: 'updated',
          header: t('content.columns.updated'),
          cell: (record) => (
            <>
              {dateTime(lang, record.updatedAt)}
              <span className="console-block console-hint">{record.updatedBy}</span>
            </>
          ),
          sortBy: (record) => Date.parse(record.updatedAt),
          firstDirection: 'descending',
        },
      ]}
    />
  );
}

/** A language as the lists name it: "EN-GB", "DE". */
export const shortName = (code: LanguageCode) => code.toUpperCase();

type T = ReturnType<typeof useTranslation<'admin'>>['t'];

/** A line under a record's name that tells records apart: a session's time and room, a booth. */
function summaryOf(kind: ContentKind, record: ContentRecord, t: T): string {
  const d = record.draft as Record<string, unknown>;
  const pl = record.draft.texts.pl;
  switch (kind) {
    case 'speakers':
      return String(pl.role ?? '');
    case 'sessions':
      return `${d.start}–${d.end} · ${t(`content.rooms.${d.room as 'mainHall'}`)}`;
    case 'workshops':
      return `${t(`content.levels.${d.level as 'basic'}`)} · ${t('content.hours', { count: Number(d.durationHours) })}`;
    case 'exhibitors':
      return t('content.boothOf', { booth: String(d.booth ?? '') });
    case 'partners':
      return t(`content.packages.${d.package as 'gold'}`);
  }
}
