import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageId } from '../../site/pages';

/** Title classes by the length of its longest word; see info.css. */
const FIT_CLASSES: readonly [number, string][] = [
  [13, 'info-hero__title--fit-13'],
  [16, 'info-hero__title--fit-16'],
];

/**
 * The opening of an info page: eyebrow, the page's one h1 (its title from the common catalogue),
 * a lead, an optional line of facts and calls to action. Its family sets its look (info.css):
 * `info` (contact, FAQ, press, legal) is light and quiet, `cooperation` (exhibitors, speakers,
 * partners, sponsors, careers) lavender with the brand's shapes; the event pages have their own
 * dark hero (EventHero), the shop its violet one (PageIntro).
 */
export function InfoHero({
  id,
  eyebrow,
  lead,
  meta,
  children,
  family = 'info',
}: {
  id: PageId;
  family?: 'info' | 'cooperation';
  eyebrow?: string;
  lead?: string;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`pages.${id}.title`);
  // Long single words ("Teilnahmebedingungen") cannot wrap: the title shrinks on phones until
  // its longest word fits the width, instead of breaking mid-word. Classes, not a style
  // attribute, because the content security policy allows no inline styles.
  const longest = Math.max(...title.split(/\s+/).map((word) => word.length));
  const fit = FIT_CLASSES.find(([upTo]) => longest <= upTo)?.[1] ?? 'info-hero__title--fit-20';
  return (
    <section className={`page-intro info-hero info-hero--${family}`} aria-labelledby="page-title">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id="page-title" className={longest > 10 ? fit : undefined}>
          {title}
        </h1>
        <p className="lead">{lead ?? t(`pages.${id}.description`)}</p>
        {meta && <div className="info-hero__meta">{meta}</div>}
        {children && <div className="info-hero__actions">{children}</div>}
      </div>
    </section>
  );
}
