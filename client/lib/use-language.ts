import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../site/languages';

/** The language of the page being shown. */
export function useLanguage(): LanguageCode {
  return useTranslation().i18n.language as LanguageCode;
}
