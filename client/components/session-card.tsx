import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '../../site/calendar';
import type { SessionView } from '../../site/content-view';
import { formatNumber } from '../../site/format';
import { useLanguage } from '../lib/use-language';
import { CalendarLink } from './calendar-link';
import { EventIcon } from './event-icon';
import { IconFact } from './icon-fact';
import { SpeakerNames } from './speaker-names';
import { TimeRange } from './time-range';

/**
 * One session of a track: time, title, abstract, speakers, room, seats and a calendar link. Its
 * texts come resolved (site/content-view.ts), from the examples at build time or the content store.
 */
export function SessionCard({ session }: { session: SessionView }) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const { title, seats } = session;
  const headingId = `session-${session.id}`;
  return (
    <article className="session-card" aria-labelledby={headingId}>
      <p className="session-card__time">
        <EventIcon name="clock" size={18} />
        <span className="event-sr-only">{t('program.labels.time')}: </span>
        <TimeRange start={session.start} end={session.end} />
      </p>
      {session.example && <span className="badge badge--example">{t('program.exampleLabel')}</span>}
      <h4 id={headingId}>{title}</h4>
      <p className="session-card__abstract">{session.abstract}</p>
      <dl className="session-card__meta">
        <IconFact icon="user" term={<span className="event-sr-only">{t('program.labels.speakers')}</span>}>
          <SpeakerNames speakers={session.speakers} />
        </IconFact>
        <IconFact icon="pin" term={<span className="event-sr-only">{t('program.labels.room')}</span>}>
          {t(`program.rooms.${session.room}`)}
        </IconFact>
        <IconFact icon="seat" term={<span className="event-sr-only">{t('program.labels.seats')}</span>}>
          {t('shared.seats', { count: seats, seats: formatNumber(lang, seats) })}
        </IconFact>
      </dl>
      {session.calendar && (
        <div className="session-card__actions">
          <CalendarLink id={session.id as CalendarEntry['id']} title={title} />
          {/* The programme's personal agenda (client/lib/agenda.ts): shown by its script, so never a dead control. */}
          <button
            type="button"
            className="agenda-star"
            data-agenda-star={session.id}
            aria-pressed="false"
            // Its visible words first (WCAG 2.5.3), then which session: a hidden span of the title read as "plan : title".
            aria-label={`${t('program.agenda.star')}: ${title}`}
            hidden
          >
            <svg className="agenda-star__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
            </svg>
            {t('program.agenda.star')}
          </button>
        </div>
      )}
    </article>
  );
}
