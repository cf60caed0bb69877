import { useTranslation } from 'react-i18next';
import { EVENT, ORGANISER } from '../../site/event';
import { ContactForm } from '../components/contact-form';
import { telHref, useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { InfoIcon } from '../components/info-icon';
import { Island } from '../components/island';
import { VenueAccess } from '../components/venue-access';

const { venue } = EVENT;
const MAP_URL = `https://www.openstreetmap.org/search?query=${encodeURIComponent(
  `${venue.name}, ${venue.street}, ${venue.postalCode} ${venue.city}`,
)}`;

export default function Page() {
  const { t } = useTranslation('contact');
  const { t: ti } = useTranslation('info');
  const facts = useInfoFacts();
  return (
    <>
      <InfoHero id="contact" eyebrow={t('eyebrow')} lead={t('lead')}>
        <a href="#contact-form-title" className="button button--accent">
          {t('form.title')}
          <InfoIcon name="arrow" size={20} />
        </a>
        <a href={`mailto:${ORGANISER.email}`} className="button info-hero__secondary">
          <InfoIcon name="mail" size={20} />
          {ORGANISER.email}
        </a>
      </InfoHero>
      <section className="section contact-page">
        <div className="container contact-page__grid">
          <div className="contact-page__details">
            <h2>{t('detailsTitle')}</h2>
            <ul className="contact-channels">
              <li>
                <span className="card__icon">
                  <InfoIcon name="mail" />
                </span>
                <span>
                  <span className="contact-channels__label">{t('email')}</span>
                  <a href={`mailto:${ORGANISER.email}`}>{ORGANISER.email}</a>
                </span>
              </li>
              <li>
                <span className="card__icon">
                  <InfoIcon name="phone" />
                </span>
                <span>
                  <span className="contact-channels__label">{t('phone')}</span>
                  <a href={telHref(ORGANISER.phone)}>{ORGANISER.phone}</a>
                </span>
              </li>
              <li>
                <span className="card__icon">
                  <InfoIcon name="megaphone" />
                </span>
                <span>
                  <span className="contact-channels__label">{t('pressEmail')}</span>
                  <a href={`mailto:${ORGANISER.pressEmail}`}>{ORGANISER.pressEmail}</a>
                </span>
              </li>
            </ul>

            <div className="contact-page__block">
              <h3>
                <InfoIcon name="pin" size={20} />
                {t('venueTitle')}
              </h3>
              <address>
                <strong>{venue.name}</strong>
                <br />
                {venue.street}
                <br />
                {venue.postalCode} {venue.city}
              </address>
              <p>{t('venueDate', facts)}</p>
              <p>{t('venueOnline')}</p>
              <p>
                <a href={MAP_URL}>{t('map')}</a>
              </p>
            </div>

            <div className="contact-page__block">
              <h3>
                <InfoIcon name="check" size={20} />
                {ti('venueAccess.title')}
              </h3>
              <VenueAccess />
            </div>

            <div className="contact-page__block">
              <h3>
                <InfoIcon name="building" size={20} />
                {t('organiserTitle')}
              </h3>
              <address>
                <strong>{ORGANISER.name}</strong>
                <br />
                {ORGANISER.street}
                <br />
                {ORGANISER.postalCode} {ORGANISER.city}
                <br />
                {t('taxId', { taxId: ORGANISER.taxId })}
              </address>
            </div>
          </div>
          <div className="contact-page__form">
            {/* A preset subject (`?temat=`) is filled in by the form at load. */}
            <Island name="contact" component={ContactForm} start="with-query" />
          </div>
        </div>
      </section>
    </>
  );
}
