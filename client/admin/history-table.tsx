import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../lib/use-language';
import { recordHref } from './content';
import type { HistoryEntry } from './content-types';
import { DataTable, timeColumn } from './data-table';
import { dateTime } from './format';

const ACTIONS = [
  'created',
  'saved',
  'published',
  'unpublished',
  'deleted',
  'scheduled',
  'schedule_cancelled',
  'image_uploaded',
  'seeded',
] as const;

/**
 * Who changed what in the content, newest first: the action, its record (on the whole history) and
 * the fields it changed. One record's editor shows its own; the history page shows everything's.
 */
export function HistoryTable({
  entries,
  caption,
  withRecord = false,
}: {
  entries: HistoryEntry[];
  caption: string;
  withRecord?: boolean;
}) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const action = (name: string) =>
    (ACTIONS as readonly string[]).includes(name) ? t(`content.history.actions.${name as 'saved'}`) : name;
  const detail = (entry: HistoryEntry) => {
    const parts: string[] = [];
    if (entry.version !== null) parts.push(t('content.history.version', { version: entry.version }));
    if (entry.detail?.fields?.length)
      parts.push(t('content.history.fields', { fields: entry.detail.fields.join(', ') }));
    if (entry.detail?.at) parts.push(t('content.history.at', { when: dateTime(lang, entry.detail.at) }));
    if (entry.detail?.image) parts.push(entry.detail.image);
    return parts.join(' · ');
  };
  const record = (entry: HistoryEntry) =>
    entry.kind && entry.id ? (
      <Link href={recordHref(entry.kind, entry.id)}>{`${t(`content.one.${entry.kind}`)}: ${entry.id}`}</Link>
    ) : entry.action === 'published' || entry.action === 'scheduled' ? (
      t('content.history.everything')
    ) : (
      ''
    );
  return (
    <DataTable<HistoryEntry>
      caption={caption}
      rows={entries}
      rowKey={(entry) => entry.seq}
      empty={t('content.history.empty')}
      columns={[
        timeColumn(lang, 'when', t('content.history.when'), (entry) => entry.at),
        { id: 'who', header: t('content.history.who'), cell: (entry) => entry.actor },
        { id: 'what', header: t('content.history.what'), cell: (entry) => action(entry.action), rowHeader: true },
        withRecord && { id: 'record', header: t('content.history.record'), cell: record },
        { id: 'details', header: t('content.history.details'), cell: detail, className: 'console-break', wide: true },
      ]}
    />
  );
}
