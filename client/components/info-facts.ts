import { useMemo } from 'react';
import { type SiteFacts, siteFacts } from '../../site/facts';
import { useLanguage } from '../lib/use-language';

/** The facts in the language of the page being shown. */
export function useInfoFacts(): SiteFacts {
  const lang = useLanguage();
  return useMemo(() => siteFacts(lang), [lang]);
}

/** `tel:` link target of a phone number as people write it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
