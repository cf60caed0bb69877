import { type ReactNode, Suspense } from 'react';

/** A page section with an optional eyebrow, heading and lead; `tone` picks the background. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'light',
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
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
          <h2 id={headingId}>{title}</h2>
          {lead && <p className="lead">{lead}</p>}
        </header>
        {/* A boundary of its own: React hydrates it apart, so a tap in it waits only for it (see app.tsx). */}
        <Suspense>{children}</Suspense>
      </div>
    </section>
  );
}
