import { useTranslation } from 'react-i18next';
import { EVENT, FIGURES } from '../../site/event';
import { eventDate } from '../../site/facts';
import { formatDate, formatNumber } from '../../site/format';
import { BuyTicketLink, EventHero } from '../components/event-hero';
import { NoticeBand } from '../components/notice-band';
import { Section } from '../components/section';
import { WorkshopList } from '../components/workshop-card';
import { exampleWorkshopViews } from '../lib/example-views';
import { useLanguage } from '../lib/use-language';

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  return (
    <>
      <EventHero
        page="workshops"
        eyebrow={t('workshops.eyebrow', { date: eventDate(lang) })}
        lead={t('workshops.lead')}
        actions={<BuyTicketLink />}
      />
      <NoticeBand
        examplesOf="workshops"
        title={t('workshops.noticeTitle', { date: formatDate(lang, EVENT.listsPublishedOn) })}
      >
        <p>{t('workshops.noticeText', { number: formatNumber(lang, FIGURES.workshops) })}</p>
      </NoticeBand>
      <Section
        id="workshop-list"
        title={t('workshops.cardsTitle')}
        examplesOf="workshops"
        lead={t('workshops.includedNote')}
        tone="white"
      >
        {/* The store's workshops replace the examples here (worker/content/pages.ts). */}
        <div data-content="workshops">
          <WorkshopList workshops={exampleWorkshopViews(t)} />
        </div>
      </Section>
    </>
  );
}
