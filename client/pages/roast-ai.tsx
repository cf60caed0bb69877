import { useTranslation } from 'react-i18next';
import { eventDate } from '../../site/facts';
import { ROAST_HIGHLIGHTS, ROAST_REASONS, show } from '../../site/shows';
import { CalendarLink } from '../components/calendar-link';
import { BuyTicketLink, EventHero } from '../components/event-hero';
import { EventIcon, type IconName } from '../components/event-icon';
import { ReasonsSection } from '../components/event-points';
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
        <ol className="card-grid event-cards roast__highlights">
          {ROAST_HIGHLIGHTS.map((highlight) => (
            <li key={highlight} className="card">
              <span className="card__icon">
                <EventIcon name={HIGHLIGHT_ICONS[highlight]} />
              </span>
              <h3>{t(`roast.highlights.${highlight}.title`)}</h3>
              <p>{t(`roast.highlights.${highlight}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>
      <ReasonsSection
        title={t('roast.reasonsTitle')}
        tone="dark"
        reasons={ROAST_REASONS}
        text={(point, part) => t(`roast.reasons.${point}.${part}`)}
      />
      <section className="section" aria-labelledby="performers-title">
        <div className="container">
          <div className="event-access roast__performers">
            <span className="card__icon">
              <EventIcon name="mic" />
            </span>
            <h2 id="performers-title">{t('roast.performersTitle')}</h2>
            <p>{t('roast.performersText')}</p>
          </div>
        </div>
      </section>
    </div>
  );
}
