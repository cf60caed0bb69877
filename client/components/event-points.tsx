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
