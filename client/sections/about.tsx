import { useTranslation } from 'react-i18next';
import { FIGURES } from '../../site/event';
import { HomeSection } from './home-section';

const ICONS = {
  talks: 'M4 5h16v10H8l-4 4z',
  workshops: 'M14 4l6 6-9 9H5v-6zM12 6l6 6',
  expo: 'M3 20V9l9-5 9 5v11M8 20v-6h8v6',
  zones: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  networking:
    'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M13 20c0-2 1-4 3-4s5 1 6 4',
  shows: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z',
} as const;

const CARDS = Object.keys(ICONS) as (keyof typeof ICONS)[];

/** Six feature cards: what the congress offers. */
export function About() {
  const { t } = useTranslation('home');
  const values = {
    speakers: FIGURES.speakers,
    workshops: FIGURES.workshops,
    exhibitors: FIGURES.exhibitors,
    startups: FIGURES.startups,
    tables: FIGURES.networkingTables,
    categories: FIGURES.awardCategories,
  };
  return (
    <HomeSection part="about" lead={t('about.lead')} tone="white">
      <ul className="grid grid--3 about__grid">
        {CARDS.map((card) => (
          <li key={card} className="card">
            <span className="card__icon">
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path
                  d={ICONS[card]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
              </svg>
            </span>
            <h3>{t(`about.cards.${card}.title`)}</h3>
            <p>{t(`about.cards.${card}.text`, values)}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
