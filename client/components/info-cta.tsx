import type { ReactNode } from 'react';
import { InfoIcon } from './info-icon';

/** The closing call to action of an info page: a title, a text, optional extra lines and one button. */
export function InfoCta({
  title,
  text,
  href,
  action,
  white = false,
  children,
  after,
}: {
  title: string;
  text: string;
  href: string;
  action: string;
  white?: boolean;
  children?: ReactNode;
  /** Shown below the panel, e.g. links to related pages. */
  after?: ReactNode;
}) {
  return (
    <section className={`section${white ? ' section--white' : ''} info-cta`} aria-labelledby="cta-title">
      <div className="container">
        <div className="info-cta__panel">
          <div className="info-cta__text">
            <h2 id="cta-title">{title}</h2>
            <p>{text}</p>
            {children}
          </div>
          <a href={href} className="button info-cta__button">
            {action}
            <InfoIcon name="arrow" size={20} />
          </a>
        </div>
        {after}
      </div>
    </section>
  );
}
