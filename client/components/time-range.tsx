import { useTranslation } from 'react-i18next';
import { EVENT } from '../../site/event';
import { formatTime } from '../../site/format';
import type { LocalTime } from '../../site/program';
import { useLanguage } from '../lib/use-language';

/** "10:00–11:00" (or the language's pattern) with the start as a machine-readable time. */
export function TimeRange({ start, end, className }: { start: LocalTime; end: LocalTime; className?: string }) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  return (
    <time className={className} dateTime={`${EVENT.date}T${start}${EVENT.utcOffset}`}>
      {t('shared.timeRange', { start: formatTime(lang, start), end: formatTime(lang, end) })}
    </time>
  );
}
