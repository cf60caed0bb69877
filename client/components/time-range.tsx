import { useTranslation } from 'react-i18next';
import { EVENT } from '../../site/event';
import { type LanguageCode, language } from '../../site/languages';
import type { LocalTime } from '../../site/program';
import { useLanguage } from '../lib/use-language';

const usesTwelveHours = (lang: LanguageCode) =>
  new Intl.DateTimeFormat(language(lang).intl, { hour: 'numeric' }).resolvedOptions().hourCycle === 'h12';

/**
 * A local time of the event day as the language writes it: "17:15", or "5:15 PM" in en-US.
 * Built by hand rather than by Intl, whose spacing differs between ICU versions and would make
 * the prerendered text differ from the hydrated one.
 */
export function formatTime(lang: LanguageCode, time: LocalTime): string {
  if (!usesTwelveHours(lang)) return time;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

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
