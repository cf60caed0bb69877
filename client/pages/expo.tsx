import { useTranslation } from 'react-i18next';
import { EVENT, FIGURES } from '../../site/event';
import { FLOOR_PLAN, FLOOR_PLAN_AREAS } from '../../site/expo';
import { eventDate } from '../../site/facts';
import { formatDate, formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { ROOMS } from '../../site/program';
import { ZONES, zoneMarker } from '../../site/zones';
import { Checklist } from '../components/checklist';
import { EventHero } from '../components/event-hero';
import { EventIcon } from '../components/event-icon';
import { ExhibitorList, PartnerList } from '../components/expo-lists';
import { NoticeBand } from '../components/notice-band';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

const NETWORKING_POINTS = ['book', 'match', 'meet'] as const;

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const listsDate = formatDate(lang, EVENT.listsPublishedOn);
  const stats = [
    { id: 'exhibitors', value: `${formatNumber(lang, FIGURES.exhibitors)}+` },
    { id: 'startups', value: `${formatNumber(lang, FIGURES.startups)}+` },
    { id: 'tables', value: formatNumber(lang, FIGURES.networkingTables) },
  ] as const;
  return (
    <>
      <EventHero
        page="expo"
        eyebrow={t('expo.eyebrow', { date: eventDate(lang) })}
        lead={t('expo.lead')}
        actions={
          <>
            <a href={href(lang, 'forExhibitors')} className="button button--accent">
              {t('expo.becomeExhibitor')}
            </a>
            <a href={FLOOR_PLAN.src} type="image/svg+xml" className="button">
              <EventIcon name="map" size={20} />
              {t('expo.floorPlan')}
            </a>
          </>
        }
      />
      <section className="expo-stats" aria-labelledby="expo-stats-title">
        <div className="container">
          <h2 id="expo-stats-title" className="event-sr-only">
            {t('expo.statsLabel')}
          </h2>
          <ul className="expo-stats__list">
            {stats.map((stat) => (
              <li key={stat.id}>
                <span className="expo-stats__value">{stat.value}</span>
                <span className="expo-stats__label">{t(`expo.stats.${stat.id}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <NoticeBand examplesOf="exhibitors" title={t('expo.noticeTitle', { date: listsDate })}>
        <p>{t('expo.noticeText')}</p>
      </NoticeBand>
      {/* The store's exhibitors and partners go into these slots (worker/content/pages.ts); the
          build has none, so each says when the list comes and how to join it. */}
      <Section id="exhibitors" title={t('expo.exhibitorsTitle')} tone="white">
        <div data-content="exhibitors">
          <ExhibitorList exhibitors={[]} />
        </div>
      </Section>
      <Section id="partners" title={t('expo.partnersTitle')}>
        <div data-content="partners">
          <PartnerList partners={[]} />
        </div>
      </Section>
      <Section id="more" title={t('expo.featuresTitle')} tone="white">
        <div className="expo-cards">
          <article className="card expo-card" aria-labelledby="networking-title">
            <span className="card__icon">
              <EventIcon name="users" />
            </span>
            <h3 id="networking-title">{t('expo.networkingTitle')}</h3>
            <p>
              {t('expo.networkingText', {
                count: FIGURES.networkingTables,
                tables: formatNumber(lang, FIGURES.networkingTables),
              })}
            </p>
            <Checklist items={NETWORKING_POINTS.map((point) => t(`expo.networkingPoints.${point}`))} />
          </article>
          <article className="card expo-card" aria-labelledby="demos-title">
            <span className="card__icon">
              <EventIcon name="sparkles" />
            </span>
            <h3 id="demos-title">{t('expo.demosTitle')}</h3>
            <p>{t('expo.demosText')}</p>
            <p className="expo-card__date">
              <EventIcon name="calendar" size={18} />
              {t('expo.demosSchedule', { date: listsDate })}
            </p>
          </article>
        </div>
      </Section>
      <Section id="floor-plan" title={t('expo.floorPlanTitle')} lead={t('expo.floorPlanLead')}>
        <div className="expo-plan">
          <a href={FLOOR_PLAN.src} type="image/svg+xml" className="expo-plan__image">
            <img
              src={FLOOR_PLAN.src}
              width={FLOOR_PLAN.width}
              height={FLOOR_PLAN.height}
              alt={t('expo.floorPlanAlt', { venue: EVENT.venue.name })}
              loading="lazy"
            />
          </a>
          <div className="expo-plan__legend">
            <h3>{t('expo.legendTitle')}</h3>
            <ul className="expo-legend">
              {FLOOR_PLAN_AREAS.map((area) => (
                <li key={area.marker}>
                  <span className="expo-legend__marker expo-legend__marker--letter" aria-hidden="true">
                    {area.marker}
                  </span>
                  <span className="event-sr-only">{area.marker}: </span>
                  {'room' in area
                    ? `${t(`program.rooms.${area.room}`)} (${t('shared.seats', {
                        count: ROOMS[area.room].seats,
                        seats: formatNumber(lang, ROOMS[area.room].seats),
                      })})`
                    : t(`expo.areas.${area.area}`)}
                </li>
              ))}
              {ZONES.map((zone) => (
                <li key={zone}>
                  <span className="expo-legend__marker" aria-hidden="true">
                    {zoneMarker(zone)}
                  </span>
                  <span className="event-sr-only">{zoneMarker(zone)}: </span>
                  {t('expo.zoneLegend', { name: t(`zones.items.${zone}.name`) })}
                </li>
              ))}
            </ul>
            <a href={href(lang, 'zones')} className="expo-plan__zones">
              {t('expo.zonesLink')}
              <EventIcon name="arrow" size={18} />
            </a>
          </div>
        </div>
      </Section>
    </>
  );
}
