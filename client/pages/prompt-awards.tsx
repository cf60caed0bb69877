import { useTranslation } from 'react-i18next';
import { AWARD_CATEGORIES, AWARD_GROUPS } from '../../site/awards';
import { eventDate } from '../../site/facts';
import { formatNumber } from '../../site/format';
import { show } from '../../site/shows';
import { CalendarLink } from '../components/calendar-link';
import { BuyTicketLink, EventHero } from '../components/event-hero';
import { EventIcon, type IconName } from '../components/event-icon';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

const GROUP_ICONS: Record<(typeof AWARD_GROUPS)[number]['id'], IconName> = {
  visual: 'camera',
  motion: 'sparkles',
  words: 'chat',
  impact: 'chart',
};

export default function Page() {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const awards = show('promptAwards');
  // Categories are numbered across groups: 1-23.
  let number = 0;
  return (
    <div className="awards">
      <EventHero
        page="promptAwards"
        eyebrow={t('awards.eyebrow', { date: eventDate(lang) })}
        lead={t('awards.lead')}
        show={awards}
        art={{ ...awards.art, alt: t('awards.imageAlt') }}
        actions={
          <>
            <BuyTicketLink />
            <CalendarLink id="promptAwards" title={t('shows.promptAwards.name')} className="button" />
          </>
        }
      />
      <div className="awards__intro">
        <div className="container">
          <p>{t('awards.intro')}</p>
        </div>
      </div>
      <Section
        id="categories"
        eyebrow={t('awards.categoriesEyebrow')}
        title={t('awards.categoriesTitle')}
        lead={t('awards.categoriesLead', { number: formatNumber(lang, AWARD_CATEGORIES.length) })}
      >
        <div className="awards__groups">
          {AWARD_GROUPS.map((group) => (
            <section key={group.id} className="awards-group" aria-labelledby={`group-${group.id}`}>
              <h3 id={`group-${group.id}`} className="awards-group__title">
                <span className="card__icon">
                  <EventIcon name={GROUP_ICONS[group.id]} />
                </span>
                {t(`awards.groups.${group.id}`)}
              </h3>
              <ol className="awards-group__list" start={number + 1}>
                {group.categories.map((category) => {
                  number += 1;
                  return (
                    <li key={category}>
                      <span className="awards-group__number" aria-hidden="true">
                        {String(number).padStart(2, '0')}
                      </span>
                      {t(`awards.categories.${category}`)}
                    </li>
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
      </Section>
    </div>
  );
}
