import type { ReactNode } from 'react';

/** A highlighted announcement, such as "the full list is published on 1 September 2025". */
export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="notice" role="note">
      <svg className="notice__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
      </svg>
      <div>
        <p className="notice__title">{title}</p>
        {children}
      </div>
    </div>
  );
}
