import type { ReactNode } from 'react';

/** A grid of published records' cards, one list item each, keyed by the record's id. */
export function CardGrid<V extends { id: string }>({
  className,
  items,
  card,
}: {
  className: string;
  items: readonly V[];
  card: (item: V) => ReactNode;
}) {
  return (
    <ul className={`card-grid ${className}`}>
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </ul>
  );
}
