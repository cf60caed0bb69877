import { useTranslation } from 'react-i18next';
import type { SessionView, SpeakerView } from '../../site/content-view';
import { FIGURES } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { href } from '../../site/pages';
import { Avatar } from '../components/avatar';
import { EmptyCall } from '../components/empty-call';
import { Notice } from '../components/notice';
import { SectionMore } from '../components/section';
import { SpeakerNames } from '../components/speaker-names';
import { TimeRange } from '../components/time-range';
import { drawing } from '../lib/images';
import { useLanguage } from '../lib/use-language';
import { HomeSection } from './home-section';

/**
 * The home page's speakers at a glance (a few of them, each linking to their card), or while none
 * is published the day the list comes: what the `data-content="home-speakers"` slot holds, from the
 * examples at build time and from the content store after a publication (worker/content/pages.ts).
 */
export function HomeSpeakers({ speakers }: { speakers: readonly SpeakerView[] }) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  if (speakers.length === 0) {
    return (
      <EmptyCall
        className="teaser"
        message={<Notice title={t('speakers.notice', { date: siteFacts(lang).lists })} />}
        page="speakers"
        cta={t('speakers.cta')}
      />
    );
  }
  return (
    <>
      <ul className="card-grid home-speakers">
        {speakers.map((speaker) => (
          <li key={speaker.anchor}>
            <a href={href(lang, 'speakers', speaker.anchor)} className="home-speaker">
              {/* The name beside it says who it is: the portrait is not read out again. */}
              <span aria-hidden="true">
                <Avatar
                  name={speaker.name}
                  src={speaker.photo}
                  svg={speaker.drawing ? drawing(speaker.drawing) : undefined}
                  alt=""
                />
              </span>
              <span className="home-speaker__name">{speaker.name}</span>
              <span className="home-speaker__role">{speaker.role}</span>
              {speaker.example && (
                <span className="badge badge--example">{t('speakers.exampleLabel', { ns: 'events' })}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
      <SectionMore href={href(lang, 'speakers')}>{t('speakers.all')}</SectionMore>
    </>
  );
}

/** The speakers section: a few of the published speakers and a link to all of them. */
export function SpeakersTeaser({ speakers }: { speakers: readonly SpeakerView[] }) {
  const { t } = useTranslation('home');
  return (
    <HomeSection part="speakers" lead={t('speakers.lead', { count: FIGURES.speakers })}>
      <div data-content="home-speakers">
        <HomeSpeakers speakers={speakers} />
      </div>
    </HomeSection>
  );
}

/**
 * The programme at a glance: the first sessions of the day in time order (time, title, speakers,
 * room), or while none is published the day the programme comes. The `data-content="home-schedule"`
 * slot's content.
 */
export function HomeSchedule({ sessions }: { sessions: readonly SessionView[] }) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  if (sessions.length === 0) {
    return (
      <EmptyCall
        className="teaser"
        message={<Notice title={t('schedule.notice', { date: siteFacts(lang).lists })} />}
        page="program"
        cta={t('schedule.cta')}
      />
    );
  }
  return (
    <>
      <ol className="home-schedule">
        {sessions.map((session) => (
          <li key={session.id} className="home-schedule__item">
            <TimeRange className="home-schedule__time" start={session.start} end={session.end} />
            <span className="home-schedule__title">{session.title}</span>
            <span className="home-schedule__meta">
              {session.speakers.length > 0 && (
                <>
                  <SpeakerNames speakers={session.speakers} />
                  {' · '}
                </>
              )}
              {t(`program.rooms.${session.room}`, { ns: 'events' })}
            </span>
          </li>
        ))}
      </ol>
      <SectionMore href={href(lang, 'program')}>{t('schedule.all')}</SectionMore>
    </>
  );
}

/** The schedule section: the programme at a glance and a link to the whole programme. */
export function ScheduleTeaser({ sessions }: { sessions: readonly SessionView[] }) {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  return (
    <HomeSection part="schedule" lead={t('schedule.lead', siteFacts(lang))} tone="white">
      <div data-content="home-schedule">
        <HomeSchedule sessions={sessions} />
      </div>
    </HomeSection>
  );
}
