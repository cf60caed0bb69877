import { type ReactNode, Suspense } from 'react';
import type { ContentList } from '../../site/content-view';

/**
 * A page section with an optional eyebrow, heading and lead; `tone` picks the background. A heading
 * that says its list holds examples names the list (`examplesOf`): the worker gives it the list's
 * own title once the list shows published content only (worker/content/pages.ts).
 */
export function Section({
  id,
  eyebrow,
  title,
  examplesOf,
  lead,
  tone = 'light',
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  examplesOf?: ContentList;
  lead?: string;
  tone?: 'light' | 'white' | 'dark';
  children?: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section__header">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={headingId} data-examples-title={examplesOf}>
            {title}
          </h2>
          {lead && <p className="lead">{lead}</p>}
        </header>
        {/* A boundary of its own: React hydrates it apart, so a tap in it waits only for it (see app.tsx). */}
        <Suspense>{children}</Suspense>
      </div>
    </section>
  );
}

/** A section's closing call: one accent button to the page that holds the rest. */
export function SectionMore({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="section__more">
      <a href={href} className="button button--accent">
        {children}
      </a>
    </p>
  );
}
