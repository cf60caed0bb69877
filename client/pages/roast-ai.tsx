import { useTranslation } from 'react-i18next';
import { eventDate } from '../../site/facts';
import { ROAST_HIGHLIGHTS, ROAST_REASONS, show } from '../../site/shows';
import { CalendarLink } from '../components/calendar-link';
import { BuyTicketLink, EventHero } from '../components/event-hero';
import type { IconName } from '../components/event-icon';
import { EventCallout, EventCards, ReasonsSection } from '../components/event-points';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

const HIGHLIGHT_ICONS: Record<(typeof ROAST_HIGHLIGHTS)[number], IconName> = {
  aiRoastsHumans: 'robot',
  humansRoastAi: 'mic',
  liveImpro: 'bolt',
  deepfakeDuel: 'masks',
  audienceJury: 'ballot',
};

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const roast = show('roastAi');
  return (
    <div className="roast">
      <EventHero
        page="roastAi"
        eyebrow={t('roast.eyebrow', { date: eventDate(lang) })}
        lead={t('roast.lead')}
        show={roast}
        actions={
          <>
            <BuyTicketLink />
            <CalendarLink id="roastAi" title={t('shows.roastAi.name')} className="button" />
          </>
        }
      />
      <Section id="about" title={t('roast.introTitle')} tone="white">
        <div className="event-intro">
          <p>{t('roast.intro1')}</p>
          <p>{t('roast.intro2')}</p>
        </div>
      </Section>
      <Section id="highlights" eyebrow={t('roast.highlightsEyebrow')} title={t('roast.highlightsTitle')}>
        <EventCards
          className="roast__highlights"
          ordered
          cards={ROAST_HIGHLIGHTS}
          icons={HIGHLIGHT_ICONS}
          text={(highlight, part) => t(`roast.highlights.${highlight}.${part}`)}
        />
      </Section>
      <ReasonsSection
        title={t('roast.reasonsTitle')}
        tone="dark"
        reasons={ROAST_REASONS}
        text={(point, part) => t(`roast.reasons.${point}.${part}`)}
      />
      <section className="section" aria-labelledby="performers-title">
        <div className="container">
          <EventCallout
            className="roast__performers"
            icon="mic"
            headingId="performers-title"
            title={t('roast.performersTitle')}
            text={t('roast.performersText')}
          />
        </div>
      </section>
    </div>
  );
}
