import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT, ORGANISER, venueMapUrl } from '../../site/event';
import { ContactForm } from '../components/contact-form';
import { telHref, useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { type IconName, InfoIcon } from '../components/info-icon';
import { Island } from '../components/island';
import { VenueAccess } from '../components/venue-access';

/** The ways to reach the organiser, each with its icon and label (a key of the contact catalogue). */
const CHANNELS = [
  { icon: 'mail', label: 'email', href: `mailto:${ORGANISER.email}`, text: ORGANISER.email },
  { icon: 'phone', label: 'phone', href: telHref(ORGANISER.phone), text: ORGANISER.phone },
  { icon: 'megaphone', label: 'pressEmail', href: `mailto:${ORGANISER.pressEmail}`, text: ORGANISER.pressEmail },
] as const;

/** A titled block of the details column, its icon before the title. */
function DetailsBlock({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <div className="contact-page__block">
      <h3>
        <InfoIcon name={icon} size={20} />
        {title}
      </h3>
      {children}
    </div>
  );
}

/** A postal address: the name in bold, the street, the postal code and city, then any further lines. */
function PostalAddress({ place, children }: { place: typeof EVENT.venue | typeof ORGANISER; children?: ReactNode }) {
  return (
    <address>
      <strong>{place.name}</strong>
      <br />
      {place.street}
      <br />
      {place.postalCode} {place.city}
      {children}
    </address>
  );
}

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
              {CHANNELS.map((channel) => (
                <li key={channel.label}>
                  <span className="card__icon">
                    <InfoIcon name={channel.icon} />
                  </span>
                  <span>
                    <span className="contact-channels__label">{t(channel.label)}</span>
                    <a href={channel.href}>{channel.text}</a>
                  </span>
                </li>
              ))}
            </ul>

            <DetailsBlock icon="pin" title={t('venueTitle')}>
              <PostalAddress place={EVENT.venue} />
              <p>{t('venueDate', facts)}</p>
              <p>{t('venueOnline')}</p>
              <p>
                <a href={venueMapUrl()}>{t('map')}</a>
              </p>
            </DetailsBlock>

            <DetailsBlock icon="check" title={ti('venueAccess.title')}>
              <VenueAccess />
            </DetailsBlock>

            <DetailsBlock icon="building" title={t('organiserTitle')}>
              <PostalAddress place={ORGANISER}>
                <br />
                {t('taxId', { taxId: ORGANISER.taxId })}
              </PostalAddress>
            </DetailsBlock>
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
