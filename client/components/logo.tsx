import { useTranslation } from 'react-i18next';
import { BRAND } from '../../site/event';
import { href } from '../../site/pages';
import { useLanguage } from '../lib/use-language';

/** The product name with its "AI" highlighted and the country suffix; links to the home page. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <a href={href(useLanguage(), 'home')} className="logo" aria-label={t('brand.home')}>
      {/* Real spaces between the words: the name the label repeats is the text one sees (WCAG 2.5.3). */}
      <span className="logo__mark">
        {BRAND.name} <span className="logo__ai">{BRAND.highlight}</span>
      </span>{' '}
      <span className="logo__suffix">{BRAND.suffix}</span>
    </a>
  );
}
