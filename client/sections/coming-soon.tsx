import { useTranslation } from 'react-i18next';
import { FIGURES } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { href } from '../../site/pages';
import { Notice } from '../components/notice';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

/** The speakers section: the list comes on the publication day; a link to the speakers page. */
export function SpeakersTeaser() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const values = siteFacts(lang);
  return (
    <Section
      id="speakers"
      eyebrow={t('speakers.eyebrow')}
      title={t('speakers.title')}
      lead={t('speakers.lead', { count: FIGURES.speakers })}
    >
      <div className="teaser">
        <Notice title={t('speakers.notice', { date: values.lists })} />
        <a href={href(lang, 'speakers')} className="button button--accent">
          {t('speakers.cta')}
        </a>
      </div>
    </Section>
  );
}

/** The schedule section: published on the publication day; a link to the program page. */
export function ScheduleTeaser() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const values = siteFacts(lang);
  return (
    <Section
      id="schedule"
      eyebrow={t('schedule.eyebrow')}
      title={t('schedule.title')}
      lead={t('schedule.lead', values)}
      tone="white"
    >
      <div className="teaser">
        <Notice title={t('schedule.notice', { date: values.lists })} />
        <a href={href(lang, 'program')} className="button button--accent">
          {t('schedule.cta')}
        </a>
      </div>
    </Section>
  );
}
