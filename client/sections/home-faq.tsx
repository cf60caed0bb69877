import { useTranslation } from 'react-i18next';
import { HOME_FAQ } from '../../site/faq';
import { href } from '../../site/pages';
import { Accordion } from '../components/accordion';
import { useLanguage } from '../lib/use-language';
import { HomeSection } from './home-section';

/** A selection of the FAQ page's questions as a single-open accordion, linking to all of them. */
export function HomeFaq() {
  const { t } = useTranslation('home');
  const { t: tf } = useTranslation('faq');
  const lang = useLanguage();
  return (
    <HomeSection part="faq" tone="white">
      <Accordion
        items={HOME_FAQ.map((id) => ({
          id,
          question: tf(`items.${id}.question`),
          answer: <p>{tf(`items.${id}.answer`)}</p>,
        }))}
      />
      <p className="section__more">
        <a href={href(lang, 'faq')}>{t('faq.more')}</a>
      </p>
    </HomeSection>
  );
}
