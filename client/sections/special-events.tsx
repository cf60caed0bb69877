import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FIGURES } from '../../site/event';
import { href } from '../../site/pages';
import { HOME_SHOWS, show } from '../../site/shows';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

/** The three evening shows with their times, each linking to its page. */
export function SpecialEvents() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  return (
    <Section id="shows" eyebrow={t('shows.eyebrow')} title={t('shows.title')} lead={t('shows.lead')}>
      <ul className="grid grid--3 shows__grid">
        {HOME_SHOWS.map((id) => {
          const { start, end, page } = show(id);
          const name = t(`shows.items.${id}.name`);
          return (
            <li key={id} className={`card show-card show-card--${id}`}>
              <p className="show-card__time">
                <time dateTime={start}>{start}</time>–<time dateTime={end}>{end}</time>
              </p>
              <h3>{name}</h3>
              <p>{t(`shows.items.${id}.text`, { categories: FIGURES.awardCategories })}</p>
              <Link href={href(lang, page)} className="show-card__link">
                {t('shows.details')}
                <span className="visually-hidden"> {name}</span>
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
