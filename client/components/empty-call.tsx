import type { ReactNode } from 'react';

/**
 * What a list of published content shows while it is empty: a sentence (or notice) and the one
 * button that helps meanwhile, never a grid of empty boxes.
 */
export function EmptyCall({
  className,
  message,
  href,
  cta,
}: {
  className: 'teaser' | 'content-empty';
  message: ReactNode;
  href: string;
  cta: string;
}) {
  return (
    <div className={className}>
      {message}
      <a href={href} className="button button--accent">
        {cta}
      </a>
    </div>
  );
}
