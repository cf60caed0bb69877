import { useTranslation } from 'react-i18next';
import type { WorkshopView } from '../../site/content-view';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { CardGrid } from './card-grid';
import { Checklist } from './checklist';
import { EventIcon } from './event-icon';
import { IconFact } from './icon-fact';
import { Island } from './island';
import { WorkshopRegistration } from './workshop-registration';

const LEVEL_BARS = { basic: 1, intermediate: 2, advanced: 3 } as const;

/**
 * A workshop: category, level, title, description, facts, prerequisites and sign-up link. Its texts
 * come resolved (site/content-view.ts), from the examples at build time or the content store; every
 * text is rendered as text.
 */
export function WorkshopCard({ workshop }: { workshop: WorkshopView }) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const { title, instructor } = workshop;
  const headingId = `workshop-${workshop.id}`;
  return (
    <article className={`workshop-card workshop-card--${workshop.category}`} aria-labelledby={headingId}>
      <p className="workshop-card__category">
        <span className="badge">{t(`workshops.categories.${workshop.category}`)}</span>
        {workshop.example && <span className="badge badge--example">{t('workshops.exampleLabel')}</span>}
      </p>
      <h3 id={headingId}>{title}</h3>
      <p className="workshop-card__text">{workshop.text}</p>
      <dl className="workshop-card__facts">
        <IconFact icon="level" term={t('workshops.labels.level')}>
          <span className="workshop-card__bars" data-level={LEVEL_BARS[workshop.level]} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t(`workshops.levels.${workshop.level}`)}
        </IconFact>
        <IconFact icon="hourglass" term={t('workshops.labels.duration')}>
          {t('shared.duration', { count: workshop.durationHours, hours: formatNumber(lang, workshop.durationHours) })}
        </IconFact>
        <IconFact icon="users" term={t('workshops.labels.capacity')}>
          {t('shared.seats', { count: workshop.capacity, seats: formatNumber(lang, workshop.capacity) })}
        </IconFact>
        {instructor && (
          <IconFact icon="user" term={t('workshops.labels.instructor')}>
            <a href={href(lang, 'speakers', instructor.anchor)}>{instructor.name}</a>
          </IconFact>
        )}
      </dl>
      {/* How online participants take part: the plans with online workshops need no seat (site/access.ts). */}
      <p className="workshop-card__online">{t('workshops.online')}</p>
      {workshop.prerequisites.length > 0 && (
        <>
          <h4 className="workshop-card__subheading">{t('workshops.labels.prerequisites')}</h4>
          <Checklist className="workshop-card__prerequisites" items={workshop.prerequisites} />
        </>
      )}
      {/* Seats are for holders of an on-site ticket: the e-mail and order code take one. */}
      <details className="workshop-card__signup">
        <summary className="button button--accent workshop-card__register">
          {t('workshops.register')}
          <span className="visually-hidden"> {title}</span>
          <EventIcon name="arrow" size={18} />
        </summary>
        <Island name="workshop" component={WorkshopRegistration} props={{ workshopId: workshop.id }} />
      </details>
    </article>
  );
}

/**
 * The workshops' cards, or a sentence while none is published (never an empty grid): what the
 * workshops page shows in its `data-content="workshops"` slot, at build time and from the store.
 */
export function WorkshopList({ workshops }: { workshops: readonly WorkshopView[] }) {
  const { t } = useTranslation('events');
  if (workshops.length === 0) return <p className="content-empty">{t('workshops.empty')}</p>;
  return (
    <CardGrid className="workshops__grid" items={workshops} card={(workshop) => <WorkshopCard workshop={workshop} />} />
  );
}
