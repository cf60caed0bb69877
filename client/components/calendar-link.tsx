import { useTranslation } from 'react-i18next';
import { type CalendarEntry, calendarPath } from '../../site/calendar';
import { useLanguage } from '../lib/use-language';
import { EventIcon } from './event-icon';

/**
 * A link to the `.ics` file of a session, a show or the whole congress, served by the worker.
 * `title` names the entry for assistive tech when several such links share a page.
 */
export function CalendarLink({
  id,
  title,
  label,
  className = 'calendar-link',
}: {
  id: CalendarEntry['id'];
  title?: string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const text = label ?? t('shared.addToCalendar');
  return (
    <a className={className} href={calendarPath(lang, id)} download type="text/calendar">
      <EventIcon name="calendar" size={20} />
      {text}
      {title && <span className="visually-hidden"> {title}</span>}
    </a>
  );
}
