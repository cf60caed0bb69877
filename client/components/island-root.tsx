import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';

/**
 * What wraps an island's component, the same at build time and in the browser (so that its
 * `useId` values match): the page's translations, and `onReady` once React has committed it.
 */
export function IslandRoot({ i18n, onReady, children }: { i18n: I18n; onReady?: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island is first committed
  useEffect(() => onReady?.(), []);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
