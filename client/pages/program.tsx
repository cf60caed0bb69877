import { useTranslation } from 'react-i18next';
import { AWARD_CATEGORIES } from '../../site/awards';
import { AGENDA_FILE, CALENDAR_BASE } from '../../site/calendar';
import { EVENT } from '../../site/event';
import { eventDate } from '../../site/facts';
import { formatDate, formatNumber } from '../../site/format';
import { type LanguageCode, language } from '../../site/languages';
import { AGENDA_SCRIPT_PLACEHOLDER, href } from '../../site/pages';
import { TRACKS } from '../../site/program';
import { SHOWS } from '../../site/shows';
import { CalendarLink } from '../components/calendar-link';
import { BuyTicketLink, EventHero } from '../components/event-hero';
import { EventIcon } from '../components/event-icon';
import { NoticeBand } from '../components/notice-band';
import { Section } from '../components/section';
import { SessionCard } from '../components/session-card';
import { TimeRange } from '../components/time-range';
import { exampleSessionViews } from '../lib/example-views';
import { useLanguage } from '../lib/use-language';

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const sessions = exampleSessionViews(t);
  return (
    <>
      <EventHero
        page="program"
        eyebrow={t('program.eyebrow', { date: eventDate(lang), city: EVENT.venue.city })}
        lead={t('program.lead')}
        actions={
          <>
            <CalendarLink id="congress" label={t('program.addCongress')} className="button button--accent" />
            <BuyTicketLink accent={false} />
          </>
        }
      />
      <NoticeBand examplesOf="sessions" title={t('program.noticeTitle')}>
        <p>{t('program.noticeText', { date: formatDate(lang, EVENT.listsPublishedOn) })}</p>
      </NoticeBand>
      <Section
        id="tracks"
        eyebrow={t('program.tracksEyebrow')}
        title={t('program.tracksTitle')}
        lead={t('program.tracksLead')}
        tone="white"
      >
        <div className="program__tracks">
          {TRACKS.map((track) => (
            <section key={track.id} className={`track track--${track.id}`} aria-labelledby={`track-${track.id}`}>
              <header className="track__header">
                <span className="card__icon">
                  <EventIcon name={track.icon} />
                </span>
                <div>
                  <h3 id={`track-${track.id}`}>{t(`program.tracks.${track.id}.name`)}</h3>
                  <p>{t(`program.tracks.${track.id}.text`)}</p>
                </div>
              </header>
              <ol className="track__sessions" data-content={`sessions:${track.id}`}>
                {sessions[track.id].map((session) => (
                  <li key={session.id}>
                    <SessionCard session={session} />
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
        <AgendaBar />
        <p className="program__exports">
          {t('program.exportsText')}{' '}
          <a href={`/schedule.json?lang=${language(lang).prefix}`} type="application/json">
            {t('program.exportsJson')}
          </a>
          {' · '}
          <a href={`/schedule.xml?lang=${language(lang).prefix}`} type="application/xml">
            {t('program.exportsXml')}
          </a>
        </p>
      </Section>
      <Section
        id="evening"
        eyebrow={t('program.eveningEyebrow')}
        title={t('program.eveningTitle')}
        lead={t('program.eveningLead')}
        tone="dark"
      >
        <ol className="program__evening">
          {SHOWS.map((show) => {
            const name = t(`shows.${show.id}.name`);
            return (
              <li key={show.id} className="evening-item">
                <p className="evening-item__time">
                  <TimeRange start={show.start} end={show.end} />
                </p>
                <div className="evening-item__body">
                  <h3>
                    <a href={href(lang, show.page)}>{name}</a>
                  </h3>
                  <p>{t(`shows.${show.id}.summary`, { number: formatNumber(lang, AWARD_CATEGORIES.length) })}</p>
                </div>
                <CalendarLink id={show.id} title={name} />
              </li>
            );
          })}
        </ol>
      </Section>
    </>
  );
}

/**
 * The starred sessions' count and download (client/lib/agenda.ts), hidden until the page's own
 * script (named by `data-page-script`, filled in by the prerender) shows it for a first star. The
 * count's plural forms go in as one text per category of the language, `#` for the number.
 */
function AgendaBar() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  return (
    <aside
      className="agenda-bar"
      aria-label={t('program.agenda.title')}
      data-agenda=""
      data-page-script={AGENDA_SCRIPT_PLACEHOLDER}
      hidden
    >
      <p className="agenda-bar__count" data-counts={JSON.stringify(pluralForms(lang, t))} aria-live="polite" />
      {/* biome-ignore lint/a11y/useValidAnchor: no link until there is a star (the bare address answers 422); the script then gives it its href, download and type, and the bar is hidden until then */}
      <a
        className="button button--accent"
        data-agenda-file={`${CALENDAR_BASE}/${language(lang).prefix}/${AGENDA_FILE}`}
      >
        {t('program.agenda.download')}
      </a>
    </aside>
  );
}

/** The count's text for each plural category of the language, as i18next picks them. */
function pluralForms(lang: LanguageCode, t: ReturnType<typeof useTranslation<'events'>>['t']) {
  const rules = new Intl.PluralRules(lang);
  const forms: Record<string, string> = {};
  for (let n = 0; n <= 200; n++) {
    const category = rules.select(n);
    forms[category] ??= t('program.agenda.count', { count: n, number: '#' });
  }
  return forms;
}
