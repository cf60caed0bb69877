import { useTranslation } from 'react-i18next';
import { contactHref } from '../../site/contact';
import { COOPERATION, type CooperationFigure, type CooperationPageId } from '../../site/cooperation';
import { FIGURES } from '../../site/event';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { InfoCta } from './info-cta';
import { telHref, useInfoFacts } from './info-facts';
import { InfoHero } from './info-hero';
import { type IconName, InfoIcon } from './info-icon';
import { Section } from './section';

// Benefits are keyed in the catalogue by what they offer; the key picks the icon.
const BENEFIT_ICONS: Record<string, IconName> = {
  audience: 'users',
  demo: 'play',
  leads: 'handshake',
  online: 'globe',
  zones: 'grid',
  visibility: 'megaphone',
  stage: 'mic',
  formats: 'layers',
  community: 'network',
  access: 'key',
  content: 'book',
  media: 'megaphone',
  technology: 'cpu',
  ecosystem: 'network',
  brand: 'star',
  galas: 'award',
  hospitality: 'crown',
  custom: 'sliders',
  impact: 'target',
  learning: 'sparkles',
  team: 'users',
  flexible: 'clock',
  booth: 'grid',
  network: 'handshake',
};

const benefitIcon = (key: string): IconName => BENEFIT_ICONS[key] ?? 'sparkles';

/** Benefit cards with their icons; four read best as two wide rows, five or six as rows of three. */
export function BenefitCards({ benefits }: { benefits: [string, { title: string; text: string }][] }) {
  return (
    <ul className={`grid info-benefits ${benefits.length === 4 ? 'info-benefits--2' : 'info-benefits--3'}`}>
      {benefits.map(([key, benefit]) => (
        <li key={key} className="card">
          <span className="card__icon">
            <InfoIcon name={benefitIcon(key)} />
          </span>
          <h3>{benefit.title}</h3>
          <p>{benefit.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Figures as stat cards: "3500+ participants on site". */
export function FigureStrip({ figures }: { figures: readonly CooperationFigure[] }) {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  return (
    <dl className="info-figures" aria-label={t('shared.figuresLabel')}>
      {figures.map((key) => (
        <div key={key} className="info-figures__item">
          <dt>{t(`shared.figures.${key}`)}</dt>
          <dd>{formatNumber(lang, FIGURES[key])}+</dd>
        </div>
      ))}
    </dl>
  );
}

/** The shared layout of the five cooperation pages: intro, figures, benefits, steps, call to action. */
export function CooperationPage({ id }: { id: CooperationPageId }) {
  const { t } = useTranslation('info');
  const { t: tc } = useTranslation();
  const lang = useLanguage();
  const facts = useInfoFacts();
  const page = COOPERATION[id];
  const contact = contactHref(lang, page.topic);
  const benefits = Object.entries(t(`cooperation.${id}.benefits`, { ...facts, returnObjects: true }));
  const steps = Object.entries(t(`cooperation.${id}.steps`, { ...facts, returnObjects: true }));

  return (
    <>
      <InfoHero
        id={id}
        family="cooperation"
        eyebrow={t(`cooperation.${id}.eyebrow`)}
        lead={t(`cooperation.${id}.lead`, facts)}
        meta={
          <p className="info-hero__line">
            <InfoIcon name="calendar" size={20} />
            {t('shared.eventLine', facts)}
          </p>
        }
      >
        <a href={contact} className="button button--accent">
          {t(`cooperation.${id}.primaryCta`)}
          <InfoIcon name="arrow" size={20} />
        </a>
      </InfoHero>

      <div className="info-figures-band">
        <div className="container">
          <FigureStrip figures={page.figures} />
        </div>
      </div>

      <Section id="benefits" eyebrow={t('cooperation.benefitsEyebrow')} title={t(`cooperation.${id}.benefitsTitle`)}>
        <BenefitCards benefits={benefits} />
      </Section>

      <Section
        id="steps"
        tone="white"
        eyebrow={t('cooperation.stepsEyebrow')}
        title={t(`cooperation.${id}.stepsTitle`)}
      >
        <ol className="info-steps">
          {steps.map(([key, step]) => (
            <li key={key} className="info-steps__item">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <InfoCta
        title={t(`cooperation.${id}.ctaTitle`)}
        text={t(`cooperation.${id}.ctaText`, facts)}
        href={contact}
        action={t(`cooperation.${id}.primaryCta`)}
        after={
          <nav className="info-related" aria-labelledby="related-title">
            <h2 id="related-title" className="info-related__title">
              {t('shared.relatedTitle')}
            </h2>
            <ul>
              {page.related.map((related) => (
                <li key={related}>
                  <a href={href(lang, related)}>
                    {tc(`pages.${related}.nav`)}
                    <InfoIcon name="arrow" size={18} />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        }
      >
        <p className="info-cta__direct">
          {t('shared.directContact')}{' '}
          <a href={`mailto:${facts.email}`} className="info-nowrap">
            {facts.email}
          </a>
          <span aria-hidden="true"> · </span>
          <a href={telHref(facts.phone)} className="info-nowrap">
            {facts.phone}
          </a>
        </p>
      </InfoCta>
    </>
  );
}
