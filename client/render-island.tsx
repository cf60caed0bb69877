import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { RenderIsland } from '../site/island-renderer';
import type { LanguageCode } from '../site/languages';
import type { TicketPageView } from '../site/ticket-view';
import { IslandRoot } from './components/island-root';
import { TicketPage } from './components/ticket-page';
import { ISLANDS, type IslandName, prepareIsland } from './islands';
import { createI18n, loadNamespaces } from './lib/i18n';

/** See site/island-renderer.d.ts: the worker's way to render an island as the browser hydrates it. */
export const renderIsland: RenderIsland = async ({ lang, name, props, prefix }) => {
  const island = ISLANDS[name as IslandName];
  if (!island) throw new Error(`No island ${name}`);
  const i18n = createI18n(lang);
  const [Component] = await Promise.all([
    island.load(),
    loadNamespaces(i18n, lang, island.namespaces),
    prepareIsland(name as IslandName, i18n, lang, props),
  ]);
  const Island = Component as ComponentType<Record<string, unknown>>;
  return renderToString(
    <IslandRoot i18n={i18n}>
      <Island {...props} />
    </IslandRoot>,
    { identifierPrefix: prefix },
  );
};

/** See site/island-renderer.d.ts: a ticket's own page, for the worker (worker/ticket-page.ts). */
export const renderTicketPage = async (lang: LanguageCode, view: TicketPageView): Promise<string> => {
  const i18n = createI18n(lang);
  await loadNamespaces(i18n, lang, ['ticket', 'delivery', 'tickets', 'events']);
  return renderToString(
    <IslandRoot i18n={i18n}>
      <TicketPage view={view} />
    </IslandRoot>,
    { identifierPrefix: 'ticket-' },
  );
};
