import { useTranslation } from 'react-i18next';
import { EVENT, venueMapUrl } from '../../site/event';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { HOTELS, TRAVEL_MODES, travelIsExample } from '../../site/travel';
import { useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { InfoIcon } from '../components/info-icon';
import { LegalBody, LegalList } from '../components/legal-page';
import { useLanguage } from '../lib/use-language';

/** dojazd: how to get to the venue (train, city transport, car and parking, plane) and where to stay. */
export default function Page() {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const example = travelIsExample() && <span className="badge badge--example">{t('venueAccess.exampleLabel')}</span>;
  const sections = [
    ...TRAVEL_MODES.map((mode) => ({
      id: mode,
      title: t(`travel.${mode}.title`),
      content: (
        <>
          <p>{t(`travel.${mode}.text`, facts)}</p>
          {mode === 'car' && (
            <p>
              {example} {t('travel.car.parking')}
            </p>
          )}
        </>
      ),
    })),
    {
      id: 'hotels',
      title: t('travel.hotels.title'),
      content: (
        <LegalList
          intro={
            <>
              {example} {t('travel.hotels.text')}
            </>
          }
          items={HOTELS.map((hotel) =>
            t('travel.hotels.item', { name: hotel.name, km: formatNumber(lang, hotel.distanceKm) }),
          )}
        />
      ),
    },
    {
      id: 'accessibility',
      title: t('venueAccess.title'),
      content: (
        <p>
          <a href={href(lang, 'accessibility', 'venue')}>{t('travel.accessibility')}</a>
        </p>
      ),
    },
  ];
  return (
    <>
      <InfoHero
        id="travel"
        lead={t('travel.lead', facts)}
        meta={
          <p className="info-hero__line">
            <InfoIcon name="pin" size={20} />
            {EVENT.venue.name}, {facts.address}
          </p>
        }
      >
        <a href={venueMapUrl()} className="button button--accent">
          {t('travel.map')}
          <InfoIcon name="arrow" size={20} />
        </a>
      </InfoHero>
      <LegalBody sections={sections} />
    </>
  );
}
