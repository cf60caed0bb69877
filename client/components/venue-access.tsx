import { useTranslation } from 'react-i18next';
import { accessibilityIsExample, VENUE_ACCESS } from '../../site/accessibility';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';
import { Checklist } from './checklist';
import { useInfoFacts } from './info-facts';
import { Linkify } from './linkify';

/**
 * The venue's accessibility (step-free access, wheelchair spaces, induction loop, quiet room,
 * assistance), as the contact page, the ticket page and the accessibility statement show it: the
 * first thing a disabled visitor looks for. Labelled as an example until the organisers confirm it
 * (site/example-data.ts `accessibility`). The caller gives the heading.
 */
export function VenueAccess({ statementLink = true }: { statementLink?: boolean }) {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  return (
    <div className="venue-access">
      {accessibilityIsExample() && (
        <p className="venue-access__example">
          <span className="badge badge--example">{t('venueAccess.exampleLabel')}</span> {t('venueAccess.exampleNote')}
        </p>
      )}
      <Checklist items={VENUE_ACCESS.map((item) => t(`venueAccess.items.${item}`, facts))} />
      <p>
        <Linkify text={t('venueAccess.ask', facts)} />
      </p>
      {statementLink && (
        <p>
          <a href={href(lang, 'accessibility')}>{t('venueAccess.statement')}</a>
        </p>
      )}
    </div>
  );
}
