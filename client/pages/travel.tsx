import { useTranslation } from 'react-i18next';
import { EVENT } from '../../site/event';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { HOTELS, TRAVEL_MODES, travelIsExample } from '../../site/travel';
import { useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { InfoIcon } from '../components/info-icon';
import { useLanguage } from '../lib/use-language';

const { venue } = EVENT;
const MAP_URL = `https://www.openstreetmap.org/search?query=${encodeURIComponent(
  `${venue.name}, ${venue.street}, ${venue.postalCode} ${venue.city}`,
)}`;

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
        <>
          <p>
            {example} {t('travel.hotels.text')}
          </p>
          <ul className="legal__list">
            {HOTELS.map((hotel) => (
              <li key={hotel.name}>
                {t('travel.hotels.item', { name: hotel.name, km: formatNumber(lang, hotel.distanceKm) })}
              </li>
            ))}
          </ul>
        </>
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
            {venue.name}, {facts.address}
          </p>
        }
      >
        <a href={MAP_URL} className="button button--accent">
          {t('travel.map')}
          <InfoIcon name="arrow" size={20} />
        </a>
      </InfoHero>
      <div className="section section--white legal">
        <div className="container legal__grid">
          <nav className="legal__toc" aria-labelledby="toc-title">
            <h2 id="toc-title">{t('shared.onThisPage')}</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="legal__body">
            {sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className="legal__section"
                aria-labelledby={`${section.id}-title`}
              >
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                {section.content}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
