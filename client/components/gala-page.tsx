import { useTranslation } from 'react-i18next';
import { eventDate } from '../../site/facts';
import { href } from '../../site/pages';
import { GALA_FEATURES, GALA_REASONS, GALA_VOTING_STEPS, type GalaId, show } from '../../site/shows';
import { useLanguage } from '../lib/use-language';
import { CalendarLink } from './calendar-link';
import { BuyTicketLink, EventHero } from './event-hero';
import { EventIcon, type IconName } from './event-icon';
import { EventCallout, EventCards, EventPoints, ReasonsSection } from './event-points';
import { Section } from './section';
import { TimeRange } from './time-range';

const FEATURE_ICONS: Record<(typeof GALA_FEATURES)[number], IconName> = {
  finalists: 'star',
  voting: 'ballot',
  jury: 'eye',
  stage: 'sparkles',
};

/**
 * The page of a gala (Miss AI or Mister AI): both have the same structure, with their own lead
 * and introduction; features, voting, reasons and the access note are shared.
 */
export function GalaPage({ gala }: { gala: GalaId }) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const current = show(gala);
  const other = show(gala === 'missAi' ? 'misterAi' : 'missAi');
  const name = t(`shows.${gala}.name`);
  return (
    <div className={`gala gala--${gala}`}>
      <EventHero
        page={current.page}
        eyebrow={t('gala.eyebrow', { date: eventDate(lang) })}
        lead={t(`gala.${gala}.lead`)}
        show={current}
        actions={
          <>
            <BuyTicketLink />
            <CalendarLink id={gala} title={name} className="button" />
          </>
        }
      />
      <Section id="about" title={t('gala.introTitle')} tone="white">
        <div className="event-intro">
          <p>{t(`gala.${gala}.intro1`)}</p>
          <p>{t(`gala.${gala}.intro2`)}</p>
        </div>
      </Section>
      <Section id="features" eyebrow={t('gala.featuresEyebrow')} title={t('gala.featuresTitle')}>
        <EventCards
          cards={GALA_FEATURES}
          icons={FEATURE_ICONS}
          text={(feature, part) => t(`gala.features.${feature}.${part}`)}
        />
      </Section>
      <Section id="voting" title={t('gala.votingTitle')} lead={t('gala.votingLead')} tone="dark">
        <EventPoints
          className="event-steps"
          points={GALA_VOTING_STEPS}
          text={(point, part) => t(`gala.votingSteps.${point}.${part}`)}
        />
      </Section>
      <ReasonsSection
        title={t('gala.reasonsTitle')}
        tone="white"
        reasons={GALA_REASONS}
        text={(point, part) => t(`gala.reasons.${point}.${part}`)}
      />
      <section className="section" aria-labelledby="access-title">
        <div className="container event-split">
          <EventCallout
            icon="ticket"
            headingId="access-title"
            title={t('gala.accessTitle')}
            text={t('gala.accessText')}
          >
            <BuyTicketLink />
          </EventCallout>
          <div className="event-crosslink">
            <p className="eyebrow">{t('gala.otherGala')}</p>
            <p className="event-crosslink__name">
              <EventIcon name="crown" />
              <a href={href(lang, other.page)}>{t(`shows.${other.id}.name`)}</a>
            </p>
            <p className="event-crosslink__time">
              <TimeRange start={other.start} end={other.end} />
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
