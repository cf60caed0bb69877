import type { ReactNode } from 'react';
import { EventIcon, type IconName } from './event-icon';

/** One fact of a card's or a hero's list: its term after an icon, then its value. */
export function IconFact({ icon, term, children }: { icon: IconName; term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>
        <EventIcon name={icon} size={18} />
        {term}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
