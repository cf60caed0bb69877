import { useTranslation } from 'react-i18next';
import {
  ACCESSIBILITY_STANDARD,
  ACCESSIBILITY_STATEMENT_DATE,
  accessibilityIsExample,
  BARRIER_ANSWER_DAYS,
  ENFORCEMENT_AUTHORITY,
} from '../../site/accessibility';
import { formatDate, formatNumber } from '../../site/format';
import { href } from '../../site/pages';
import { useInfoFacts } from '../components/info-facts';
import { LegalPage } from '../components/legal-page';
import { Linkify } from '../components/linkify';
import { VenueAccess } from '../components/venue-access';
import { useLanguage } from '../lib/use-language';

const LIMITATIONS = ['pdf', 'payment', 'door', 'console', 'content'] as const;
const METHODS = ['axe', 'validator', 'keyboard'] as const;

/**
 * dostepnosc: the accessibility statement, in the order of the EU model statement (Commission
 * Implementing Decision 2018/1523): compliance status, non-accessible content, how the statement
 * was prepared, feedback and contact, enforcement; then the venue, which the Polish template adds.
 */
export default function Page() {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const standard = { standard: ACCESSIBILITY_STANDARD.name, level: ACCESSIBILITY_STANDARD.level };
  const date = formatDate(lang, ACCESSIBILITY_STATEMENT_DATE);
  const sections = [
    {
      id: 'status',
      title: t('accessibility.sections.status'),
      content: (
        <>
          <p>{t('accessibility.status.aim', standard)}</p>
          <p>{t('accessibility.status.partial', standard)}</p>
        </>
      ),
    },
    {
      id: 'limitations',
      title: t('accessibility.sections.limitations'),
      content: (
        <>
          <p>{t('accessibility.limitations.intro')}</p>
          <ul className="legal__list">
            {LIMITATIONS.map((key) => (
              <li key={key}>{t(`accessibility.limitations.items.${key}`)}</li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'preparation',
      title: t('accessibility.sections.preparation'),
      content: (
        <>
          <p>{t('accessibility.preparation.date', { date })}</p>
          <p>{t('accessibility.preparation.intro')}</p>
          <ul className="legal__list">
            {METHODS.map((key) => (
              <li key={key}>{t(`accessibility.preparation.methods.${key}`, standard)}</li>
            ))}
          </ul>
          <p>{t('accessibility.preparation.notAudit')}</p>
        </>
      ),
    },
    {
      id: 'feedback',
      title: t('accessibility.sections.feedback'),
      content: (
        <>
          <p>
            <Linkify text={t('accessibility.feedback.how', facts)} />
          </p>
          <p>
            <a href={href(lang, 'contact')}>{t('accessibility.feedback.form')}</a>
          </p>
          <p>{t('accessibility.feedback.include')}</p>
          <p>
            {t('accessibility.feedback.answer', {
              count: BARRIER_ANSWER_DAYS,
              days: formatNumber(lang, BARRIER_ANSWER_DAYS),
            })}
            {accessibilityIsExample() && (
              <>
                {' '}
                <span className="badge badge--example">{t('venueAccess.exampleLabel')}</span>{' '}
                {t('accessibility.feedback.answerExample')}
              </>
            )}
          </p>
          <p>{t('accessibility.feedback.alternative')}</p>
        </>
      ),
    },
    {
      id: 'enforcement',
      title: t('accessibility.sections.enforcement'),
      content: (
        <>
          <p>{t('accessibility.enforcement.text')}</p>
          <address>
            {t('accessibility.enforcement.authority')}
            <br />
            {ENFORCEMENT_AUTHORITY.street}, {ENFORCEMENT_AUTHORITY.postalCode} {ENFORCEMENT_AUTHORITY.city}
            <br />
            <a href={ENFORCEMENT_AUTHORITY.url}>{ENFORCEMENT_AUTHORITY.url.replace('https://', '')}</a>
          </address>
        </>
      ),
    },
    {
      id: 'venue',
      title: t('accessibility.sections.venue'),
      content: <VenueAccess statementLink={false} />,
    },
  ];
  return (
    <LegalPage
      id="accessibility"
      lead={t('accessibility.lead', facts)}
      updated={t('accessibility.updated', { date })}
      sections={sections}
    />
  );
}
