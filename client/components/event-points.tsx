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
