import type { ReactNode } from 'react';
import { EventIcon, type IconName } from './event-icon';
import { Section } from './section';

/**
 * An event page's numbered points (voting steps, reasons to come), each a heading and its sentence;
 * the stylesheet draws the numbers. `text` gives a point's title or sentence from the catalogue.
 */
export function EventPoints<K extends string>({
  className,
  points,
  text,
}: {
  className: 'event-steps' | 'event-reasons';
  points: readonly K[];
  text: (point: K, part: 'title' | 'text') => string;
}) {
  return (
    <ol className={className}>
      {points.map((point) => (
        <li key={point}>
          <h3>{text(point, 'title')}</h3>
          <p>{text(point, 'text')}</p>
        </li>
      ))}
    </ol>
  );
}

/** An event page's reasons to come: a section of its own (`#reasons`) with the numbered reasons. */
export function ReasonsSection<K extends string>({
  title,
  tone,
  reasons,
  text,
}: {
  title: string;
  tone: 'white' | 'dark';
  reasons: readonly K[];
  text: (reason: K, part: 'title' | 'text') => string;
}) {
  return (
    <Section id="reasons" title={title} tone={tone}>
      <EventPoints className="event-reasons" points={reasons} text={text} />
    </Section>
  );
}

/** An event page's cards, each an icon, a heading and its sentence; `ordered` where the order says something. */
export function EventCards<K extends string>({
  className,
  ordered = false,
  cards,
  icons,
  text,
}: {
  className?: string;
  ordered?: boolean;
  cards: readonly K[];
  icons: Readonly<Record<K, IconName>>;
  text: (card: K, part: 'title' | 'text') => string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className ? `card-grid event-cards ${className}` : 'card-grid event-cards'}>
      {cards.map((card) => (
        <li key={card} className="card">
          <span className="card__icon">
            <EventIcon name={icons[card]} />
          </span>
          <h3>{text(card, 'title')}</h3>
          <p>{text(card, 'text')}</p>
        </li>
      ))}
    </List>
  );
}

/** An event page's boxed word to its audience (who gets in, who performs): an icon, a heading and its text. */
export function EventCallout({
  className,
  icon,
  headingId,
  title,
  text,
  children,
}: {
  className?: string;
  icon: IconName;
  headingId: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className={className ? `event-access ${className}` : 'event-access'}>
      <span className="card__icon">
        <EventIcon name={icon} />
      </span>
      <h2 id={headingId}>{title}</h2>
      <p>{text}</p>
      {children}
    </div>
  );
}
