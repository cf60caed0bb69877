import type { ReactNode } from 'react';
import { Notice } from './notice';

/**
 * A notice on a band of its own between sections. The notice is an `<aside>`: inside a named
 * section it would be a landmark nested in a landmark, so it sits directly in `<main>`.
 */
export function NoticeBand({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="event-notice">
      <div className="container">
        <Notice title={title}>{children}</Notice>
      </div>
    </div>
  );
}
