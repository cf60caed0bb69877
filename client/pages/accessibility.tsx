import { useTranslation } from 'react-i18next';
import type info from '../../locales/pl/info.json';
import {
  ACCESSIBILITY_STANDARD,
  ACCESSIBILITY_STATEMENT_DATE,
  accessibilityIsExample,
  BARRIER_ANSWER_DAYS,
  ENFORCEMENT_AUTHORITY,
} from '../../site/accessibility';
import { formatDate, formatNumber } from '../../site/format';
import { useInfoFacts } from '../components/info-facts';
import { LegalList, LegalPage, ReachOrganiser, sectionsTitledBy } from '../components/legal-page';
import { VenueAccess } from '../components/venue-access';
import { useLanguage } from '../lib/use-language';

const LIMITATIONS = ['pdf', 'payment', 'door', 'console', 'content'] as const;
const METHODS = ['axe', 'validator', 'keyboard'] as const;

type SectionId = keyof (typeof info)['accessibility']['sections'];

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
  const section = sectionsTitledBy((id: SectionId) => t(`accessibility.sections.${id}`));
  const sections = [
    section(
      'status',
      <>
        <p>{t('accessibility.status.aim', standard)}</p>
        <p>{t('accessibility.status.partial', standard)}</p>
      </>,
    ),
    section(
      'limitations',
      <>
        <LegalList
          intro={t('accessibility.limitations.intro')}
          items={LIMITATIONS.map((key) => t(`accessibility.limitations.items.${key}`))}
        />
      </>,
    ),
    section(
      'preparation',
      <>
        <p>{t('accessibility.preparation.date', { date })}</p>
        <LegalList
          intro={t('accessibility.preparation.intro')}
          items={METHODS.map((key) => t(`accessibility.preparation.methods.${key}`, standard))}
        />
        <p>{t('accessibility.preparation.notAudit')}</p>
      </>,
    ),
    section(
      'feedback',
      <>
        <ReachOrganiser how={t('accessibility.feedback.how', facts)} form={t('accessibility.feedback.form')} />
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
      </>,
    ),
    section(
      'enforcement',
      <>
        <p>{t('accessibility.enforcement.text')}</p>
        <address>
          {t('accessibility.enforcement.authority')}
          <br />
          {ENFORCEMENT_AUTHORITY.street}, {ENFORCEMENT_AUTHORITY.postalCode} {ENFORCEMENT_AUTHORITY.city}
          <br />
          <a href={ENFORCEMENT_AUTHORITY.url}>{ENFORCEMENT_AUTHORITY.url.replace('https://', '')}</a>
        </address>
      </>,
    ),
    section('venue', <VenueAccess statementLink={false} />),
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
