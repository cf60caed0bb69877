import { useTranslation } from 'react-i18next';
import { EVENT, FIGURES } from '../../site/event';
import { formatDate, formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { EventHero } from '../components/event-hero';
import { NoticeBand } from '../components/notice-band';
import { Section } from '../components/section';
import { SpeakerCard } from '../components/speaker-card';
import { exampleSpeakerViews } from '../lib/example-views';
import { useLanguage } from '../lib/use-language';

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  return (
    <>
      <EventHero page="speakers" eyebrow={t('speakers.eyebrow', { number: formatNumber(lang, FIGURES.speakers) })} />
      <NoticeBand
        examplesOf="speakers"
        title={t('speakers.noticeTitle', { date: formatDate(lang, EVENT.listsPublishedOn) })}
      >
        <p>{t('speakers.noticeText')}</p>
      </NoticeBand>
      <Section id="speaker-list" title={t('speakers.cardsTitle')} examplesOf="speakers" tone="white">
        <ul className="speakers__grid" data-content="speakers">
          {exampleSpeakerViews(t).map((speaker) => (
            <li key={speaker.anchor}>
              <SpeakerCard speaker={speaker} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="become-speaker" title={t('speakers.ctaTitle')} lead={t('speakers.ctaText')} tone="dark">
        <a href={href(lang, 'forSpeakers')} className="button button--accent">
          {t('speakers.ctaButton')}
        </a>
      </Section>
    </>
  );
}
