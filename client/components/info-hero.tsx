import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageId } from '../../site/pages';

/**
 * The opening of an info page: eyebrow, the page's one h1 (its title from the common catalogue),
 * a lead, an optional line of facts and calls to action.
 */
export function InfoHero({
  id,
  eyebrow,
  lead,
  meta,
  children,
}: {
  id: PageId;
  eyebrow?: string;
  lead?: string;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`pages.${id}.title`);
  // Long single words ("Teilnahmebedingungen") cannot wrap: the title shrinks on phones until
  // its longest word fits the width, instead of breaking mid-word.
  const longest = Math.max(...title.split(/\s+/).map((word) => word.length));
  const fit =
    longest >= 11
      ? { fontSize: `clamp(1.25rem, ${(120 / longest).toFixed(1)}vw, var(--step-5))`, maxWidth: 'none' }
      : undefined;
  return (
    <section className="page-intro info-hero" aria-labelledby="page-title">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id="page-title" style={fit}>
          {title}
        </h1>
        <p className="lead">{lead ?? t(`pages.${id}.description`)}</p>
        {meta && <div className="info-hero__meta">{meta}</div>}
        {children && <div className="info-hero__actions">{children}</div>}
      </div>
    </section>
  );
}
