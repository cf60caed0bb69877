import { useTranslation } from 'react-i18next';
import { isExample } from '../../site/example-data';
import { formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { speaker, speakerAnchor } from '../../site/speakers';
import type { Workshop } from '../../site/workshops';
import { useLanguage } from '../lib/use-language';
import { EventIcon } from './event-icon';
import { Island } from './island';
import { WorkshopRegistration } from './workshop-registration';

const LEVEL_BARS = { basic: 1, intermediate: 2, advanced: 3 } as const;

/** A workshop: category, level, title, description, facts, prerequisites and sign-up link. */
export function WorkshopCard({ workshop }: { workshop: Workshop }) {
  const { t } = useTranslation('events');
  const lang = useLanguage();
  const title = t(`workshops.items.${workshop.id}.title`);
  const headingId = `workshop-${workshop.id}`;
  const instructor = speaker(workshop.instructor);
  return (
    <article className={`workshop-card workshop-card--${workshop.category}`} aria-labelledby={headingId}>
      <p className="workshop-card__category">
        <span className="badge">{t(`workshops.categories.${workshop.category}`)}</span>
        {isExample('workshops') && <span className="badge badge--example">{t('workshops.exampleLabel')}</span>}
      </p>
      <h3 id={headingId}>{title}</h3>
      <p className="workshop-card__text">{t(`workshops.items.${workshop.id}.text`)}</p>
      <dl className="workshop-card__facts">
        <div>
          <dt>
            <EventIcon name="level" size={18} />
            {t('workshops.labels.level')}
          </dt>
          <dd>
            <span className="workshop-card__bars" data-level={LEVEL_BARS[workshop.level]} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t(`workshops.levels.${workshop.level}`)}
          </dd>
        </div>
        <div>
          <dt>
            <EventIcon name="hourglass" size={18} />
            {t('workshops.labels.duration')}
          </dt>
          <dd>
            {t('shared.duration', { count: workshop.durationHours, hours: formatNumber(lang, workshop.durationHours) })}
          </dd>
        </div>
        <div>
          <dt>
            <EventIcon name="users" size={18} />
            {t('workshops.labels.capacity')}
          </dt>
          <dd>{t('shared.seats', { count: workshop.capacity, seats: formatNumber(lang, workshop.capacity) })}</dd>
        </div>
        <div>
          <dt>
            <EventIcon name="user" size={18} />
            {t('workshops.labels.instructor')}
          </dt>
          <dd>
            <a href={href(lang, 'speakers', speakerAnchor(instructor.id))}>{instructor.name}</a>
          </dd>
        </div>
      </dl>
      <h4 className="workshop-card__subheading">{t('workshops.labels.prerequisites')}</h4>
      <ul className="checklist workshop-card__prerequisites">
        {workshop.prerequisites.map((id) => (
          <li key={id}>{t(`workshops.prerequisites.${id}`)}</li>
        ))}
      </ul>
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
