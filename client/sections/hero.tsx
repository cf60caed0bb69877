import { useTranslation } from 'react-i18next';
import { FIGURES } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';

const STATS = ['liveParticipants', 'onlineParticipants', 'exhibitors', 'speakers', 'workshops'] as const;

export function Hero() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const values = siteFacts(lang);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__glow" aria-hidden="true" />
      <div className="container hero__inner">
        <p className="hero__date">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t('hero.dateLabel', values)}
        </p>
        <h1 id="hero-title" className="hero__title">
          {t('hero.titleBefore')} <span className="accent">{t('hero.titleHighlight')}</span> {t('hero.titleAfter')}
        </h1>
        <p className="hero__description">{t('hero.description', values)}</p>
        <div className="hero__actions">
          <a href={href(lang, 'tickets')} className="button button--accent button--large">
            {t('hero.buyTicket')}
          </a>
          <a href={href(lang, 'program')} className="button button--ghost button--large">
            {t('hero.program')}
          </a>
        </div>
        <ul className="hero__stats" aria-label={t('hero.statsLabel')}>
          {STATS.map((stat) => (
            <li key={stat} className="hero__stat">
              <span className="hero__stat-value">{formatNumber(lang, FIGURES[stat])}+</span>
              <span className="hero__stat-label">{t(`hero.stats.${stat}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
