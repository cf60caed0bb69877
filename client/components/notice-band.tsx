import type { ReactNode } from 'react';
import type { ContentList } from '../../site/content-view';
import { Notice } from './notice';

/**
 * A notice on a band of its own between sections. The notice is an `<aside>`: inside a named
 * section it would be a landmark nested in a landmark, so it sits directly in `<main>`. A notice
 * that says a list still holds examples names it (`examplesOf`): the worker leaves it out once the
 * list shows published content only (worker/content/pages.ts).
 */
export function NoticeBand({
  title,
  examplesOf,
  children,
}: {
  title: string;
  examplesOf?: ContentList;
  children?: ReactNode;
}) {
  return (
    <div className="event-notice" data-examples-note={examplesOf}>
      <div className="container">
        <Notice title={title}>{children}</Notice>
      </div>
    </div>
  );
}
