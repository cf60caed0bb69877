import { useTranslation } from 'react-i18next';
import { EVENT } from '../../site/event';
import { formatList, formatTime } from '../../site/format';
import { href } from '../../site/pages';
import { HOME_SHOWS, show } from '../../site/shows';
import { useLanguage } from '../lib/use-language';
import { HomeSection } from './home-section';

/**
 * The evening shows with their times and hosts, each linking to its page; the Miss and Mister AI
 * gala is one evening with two contests, so its card links to both contests' pages.
 */
export function SpecialEvents() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  return (
    <HomeSection part="shows" lead={t('shows.lead')}>
      <ul className="grid grid--3 shows__grid">
        {HOME_SHOWS.map((id) => {
          const { start, end, page, hosts } = show(id);
          const name = t(`shows.items.${id}.name`);
          const links =
            id === 'missAi'
              ? [
                  { page, label: t('shows.contest', { name: 'Miss AI' }), text: 'Miss AI' },
                  { page: show('misterAi').page, label: t('shows.contest', { name: 'Mister AI' }), text: 'Mister AI' },
                ]
              : [{ page, label: t('shows.more', { name }), text: t('shows.details') }];
          return (
            <li key={id} className={`card show-card show-card--${id}`}>
              <p className="show-card__time">
                <time dateTime={`${EVENT.date}T${start}${EVENT.utcOffset}`}>{formatTime(lang, start)}</time>–
                <time dateTime={`${EVENT.date}T${end}${EVENT.utcOffset}`}>{formatTime(lang, end)}</time>
              </p>
              <h3>{name}</h3>
              <p>{t(`shows.items.${id}.text`)}</p>
              <p className="show-card__hosts">
                {hosts.length > 0 ? t('shows.hosts', { names: formatList(lang, hosts) }) : t('shows.hostsLater')}
              </p>
              <p className="show-card__links">
                {links.map((link) => (
                  <a key={link.page} href={href(lang, link.page)} className="show-card__link">
                    {link.text}
                    {/* Visible text first, then what it is about (WCAG 2.5.3, label in name). */}
                    <span className="visually-hidden"> ({link.label})</span>
                    <span aria-hidden="true"> →</span>
                  </a>
                ))}
              </p>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
