import { useTranslation } from 'react-i18next';
import { formatDate } from '../../site/format';
import { TERMS_DATE } from '../../site/terms';
import { useInfoFacts } from '../components/info-facts';
import { LegalPage } from '../components/legal-page';
import { Linkify } from '../components/linkify';
import { useLanguage } from '../lib/use-language';

const ITEMS = {
  general: ['scope', 'organiser', 'acceptance', 'changes'],
  participation: ['ticket', 'types', 'prices', 'personal', 'cancel', 'late', 'cancelledEvent', 'groups'],
  safety: ['rules', 'checks', 'conduct', 'emergency', 'minors', 'recording', 'online'],
} as const;

/** The catalogue key of every numbered point, so a missing text is a type error. */
type TermsItemKey = { [S in keyof typeof ITEMS]: `terms.${S}.items.${(typeof ITEMS)[S][number]}` }[keyof typeof ITEMS];

export default function Page() {
  const { t } = useTranslation('info');
  const lang = useLanguage();
  const facts = useInfoFacts();
  const list = (section: keyof typeof ITEMS) => (
    <ol className="legal__points">
      {ITEMS[section].map((key) => (
        <li key={key} id={`${section}-${key}`}>
          <Linkify text={t(`terms.${section}.items.${key}` as TermsItemKey, facts)} />
        </li>
      ))}
    </ol>
  );
  return (
    <LegalPage
      id="terms"
      lead={t('terms.lead')}
      updated={t('shared.updated', { date: formatDate(lang, TERMS_DATE) })}
      sections={[
        { id: 'general', title: t('terms.sections.general'), content: list('general') },
        { id: 'participation', title: t('terms.sections.participation'), content: list('participation') },
        { id: 'safety', title: t('terms.sections.safety'), content: list('safety') },
      ]}
    />
  );
}
