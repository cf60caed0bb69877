import { useTranslation } from 'react-i18next';
import { contactHref } from '../../site/contact';
import { formatNumber } from '../../site/format';
import { PARTNER_PACKAGES } from '../../site/partners';
import { Checklist } from '../components/checklist';
import { BenefitCards, FigureStrip } from '../components/cooperation-page';
import { InfoCta } from '../components/info-cta';
import { useInfoFacts } from '../components/info-facts';
import { InfoHero } from '../components/info-hero';
import { InfoIcon } from '../components/info-icon';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

export default function Page() {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const contact = contactHref(lang, 'partnerstwo');
  const benefits = Object.entries(t('partnership.benefits', { ...facts, returnObjects: true }));
  return (
    <>
      <InfoHero
        id="becomePartner"
        family="cooperation"
        eyebrow={t('partnership.eyebrow')}
        lead={t('partnership.lead', facts)}
      >
        <a href="#packages" className="button button--accent">
          {t('partnership.packagesTitle')}
          <InfoIcon name="arrow" size={20} />
        </a>
        <a href={contact} className="button info-hero__secondary">
          {t('partnership.primaryCta')}
        </a>
      </InfoHero>

      <div className="info-figures-band">
        <div className="container">
          <FigureStrip figures={['liveParticipants', 'onlineParticipants', 'exhibitors']} />
        </div>
      </div>

      <Section id="benefits" eyebrow={t('cooperation.benefitsEyebrow')} title={t('partnership.benefitsTitle')}>
        <BenefitCards benefits={benefits} />
      </Section>

      <Section
        id="packages"
        tone="white"
        eyebrow={t('partnership.eyebrow')}
        title={t('partnership.packagesTitle')}
        lead={t('partnership.packagesLead')}
      >
        <ul className="partner-tiers">
          {PARTNER_PACKAGES.map((pack) => {
            const tier = t(`partnership.tiers.${pack.tier}`);
            return (
              <li
                key={pack.tier}
                className={`partner-tier partner-tier--${pack.tier}${pack.highlighted ? ' partner-tier--highlighted' : ''}`}
              >
                <div className="partner-tier__head">
                  {pack.highlighted && <p className="badge partner-tier__badge">{t('partnership.highlighted')}</p>}
                  <h3>{tier}</h3>
                </div>
                <dl className="partner-tier__facts">
                  <div>
                    <dt>{t('partnership.booth')}</dt>
                    <dd>{t('partnership.boothValue', { area: formatNumber(lang, pack.boothM2) })}</dd>
                  </div>
                  <div>
                    <dt>{t('partnership.talks')}</dt>
                    <dd>{formatNumber(lang, pack.talks)}</dd>
                  </div>
                </dl>
                <Checklist
                  className="partner-tier__features"
                  items={pack.features.map((feature) => t(`partnership.features.${feature}`))}
                />
                <a href={contact} className={`button partner-tier__button${pack.highlighted ? ' button--accent' : ''}`}>
                  {t('partnership.choose', { tier })}
                </a>
              </li>
            );
          })}
        </ul>
      </Section>

      <InfoCta
        title={t('partnership.ctaTitle')}
        text={t('partnership.ctaText')}
        href={contact}
        action={t('partnership.primaryCta')}
      />
    </>
  );
}
