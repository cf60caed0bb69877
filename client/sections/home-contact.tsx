import { useTranslation } from 'react-i18next';
import { ORGANISER } from '../../site/event';
import { href } from '../../site/pages';
import { SectionMore } from '../components/section';
import { useLanguage } from '../lib/use-language';
import { HomeSection } from './home-section';

/** Contact details of the organiser and a way to the contact form. */
export function HomeContact() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  return (
    <HomeSection part="contact" lead={t('contact.lead')} tone="dark">
      <dl className="grid grid--3 contact-strip">
        <div className="card">
          <dt>{t('contact.email')}</dt>
          <dd>
            <a href={`mailto:${ORGANISER.email}`}>{ORGANISER.email}</a>
          </dd>
        </div>
        <div className="card">
          <dt>{t('contact.phone')}</dt>
          <dd>
            <a href={`tel:${ORGANISER.phone.replaceAll(' ', '')}`}>{ORGANISER.phone}</a>
          </dd>
        </div>
        <div className="card">
          <dt>{t('contact.organiser')}</dt>
          <dd>
            {ORGANISER.name}, {ORGANISER.street}, {ORGANISER.postalCode} {ORGANISER.city}
          </dd>
        </div>
      </dl>
      <SectionMore href={href(lang, 'contact')}>{t('contact.cta')}</SectionMore>
    </HomeSection>
  );
}
