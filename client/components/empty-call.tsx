import type { ReactNode } from 'react';
import { href, type PageId } from '../../site/pages';
import { useLanguage } from '../lib/use-language';

/**
 * What a list of published content shows while it is empty: a sentence (or notice) and the one
 * button that helps meanwhile, never a grid of empty boxes.
 */
export function EmptyCall({
  className,
  message,
  page,
  cta,
}: {
  className: 'teaser' | 'content-empty';
  message: ReactNode;
  /** The page the button leads to, in the visitor's language. */
  page: PageId;
  cta: string;
}) {
  const lang = useLanguage();
  return (
    <div className={className}>
      {message}
      <a href={href(lang, page)} className="button button--accent">
        {cta}
      </a>
    </div>
  );
}
