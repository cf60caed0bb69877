import { useTranslation } from 'react-i18next';
import { eventDate } from '../../site/facts';
import { href } from '../../site/pages';
import { ZONES, type ZoneId, zoneMarker } from '../../site/zones';
import { EventHero, useVenueLine } from '../components/event-hero';
import { EventIcon, type IconName } from '../components/event-icon';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

const ZONE_ICONS: Record<ZoneId, IconName> = {
  business: 'chart',
  marketing: 'megaphone',
  education: 'graduation',
  school: 'pencil',
  funWithAI: 'gamepad',
  kidsAI: 'robot',
  powerOfAI: 'bolt',
  influencerAI: 'camera',
};

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const venue = useVenueLine();
  return (
    <>
      <EventHero
        page="zones"
        eyebrow={t('zones.eyebrow', { date: eventDate(lang), venue })}
        lead={t('zones.lead')}
        actions={
          <a href={href(lang, 'expo', 'floor-plan')} className="button">
            <EventIcon name="map" size={20} />
            {t('zones.floorPlanCta')}
          </a>
        }
      />
      <Section id="zone-list" title={t('zones.listTitle')} tone="white">
        <ul className="card-grid zones__grid">
          {ZONES.map((zone) => (
            <li key={zone} className={`zone-card zone-card--${zone}`}>
              <div className="zone-card__top">
                <span className="zone-card__icon">
                  <EventIcon name={ZONE_ICONS[zone]} size={28} />
                </span>
                <span className="zone-card__marker" title={t('zones.marker', { number: zoneMarker(zone) })}>
                  <span aria-hidden="true">{String(zoneMarker(zone)).padStart(2, '0')}</span>
                  <span className="event-sr-only">{t('zones.marker', { number: zoneMarker(zone) })}</span>
                </span>
              </div>
              <h3>{t(`zones.items.${zone}.name`)}</h3>
              <p>{t(`zones.items.${zone}.text`)}</p>
              <p className="zone-card__audience">
                <strong>{t('zones.audienceLabel')}</strong> {t(`zones.items.${zone}.audience`)}
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
