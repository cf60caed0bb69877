import { useTranslation } from 'react-i18next';
import { FIGURES } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { href } from '../../site/pages';
import { Notice } from '../components/notice';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

/** Number of placeholder tiles until exhibitors are announced. */
export const EXHIBITION_TILES = 9;

export function Exhibition() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  return (
    <Section
      id="expo"
      eyebrow={t('exhibition.eyebrow')}
      title={t('exhibition.title')}
      lead={t('exhibition.lead', { count: FIGURES.exhibitors })}
      tone="dark"
    >
      <ul className="exhibition__grid">
        {Array.from({ length: EXHIBITION_TILES }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the tiles are identical placeholders numbered by position
          <li key={index} className="exhibition__tile">
            <span className="exhibition__number">{t('exhibition.tileNumber', { number: index + 1 })}</span>
            <span>{t('exhibition.tile')}</span>
          </li>
        ))}
      </ul>
      <div className="teaser teaser--dark">
        <Notice title={t('exhibition.notice', { date: siteFacts(lang).lists })} />
        <div className="teaser__actions">
          <a href={href(lang, 'forExhibitors')} className="button button--accent">
            {t('exhibition.cta')}
          </a>
          <a href={href(lang, 'expo')} className="button button--ghost">
            {t('exhibition.more')}
          </a>
        </div>
      </div>
    </Section>
  );
}
