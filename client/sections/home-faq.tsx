import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FIGURES } from '../../site/event';
import { siteFacts } from '../../site/facts';
import { href } from '../../site/pages';
import { Accordion } from '../components/accordion';
import { Section } from '../components/section';
import { useLanguage } from '../lib/use-language';

const ITEMS = [
  'whenWhere',
  'oneDayTicket',
  'workshopsIncluded',
  'becomeSpeaker',
  'networking',
  'whatToBring',
  'becomeExhibitor',
] as const;

/** The home page's seven questions as a single-open accordion. */
export function HomeFaq() {
  const { t } = useTranslation('home');
  const lang = useLanguage();
  const values = { ...siteFacts(lang), tables: FIGURES.networkingTables };
  return (
    <Section id="faq" eyebrow={t('faq.eyebrow')} title={t('faq.title')} tone="white">
      <Accordion
        items={ITEMS.map((id) => ({
          id,
          question: t(`faq.items.${id}.question`),
          answer: <p>{t(`faq.items.${id}.answer`, values)}</p>,
        }))}
      />
      <p className="section__more">
        <Link href={href(lang, 'faq')}>{t('faq.more')}</Link>
      </p>
    </Section>
  );
}
