// The islands' entry: the one stylesheet (which the build links into every page) and React. No
// page loads this script at first: the page's inlined script (client/boot.ts `islands`) imports
// it when the visitor reaches for an island, takes `hydrateIsland` from ENTRY_EVENT and awaits
// it; a rejection (the entry, a chunk or a catalogue that did not load) makes it try again at the
// next interaction.
import './styles/base.css';
import './styles/shell.css';
import './styles/home.css';
import './styles/events.css';
import './styles/info.css';
import './styles/tickets.css';
// The order page's tickets are styled however it is opened, with its island started or not.
import './styles/delivery.css';
// The ticket page's plan (client/components/online-access.tsx), rendered by the worker with no script.
import './styles/online-access.css';
import type { i18n as I18n } from 'i18next';
import { type ComponentType, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, findLanguage } from '../site/languages';
import type { IslandProps } from './components/island';
import { IslandRoot } from './components/island-root';
import { ISLANDS, type IslandName, prepareIsland } from './islands';
import { createI18n, loadNamespaces } from './lib/i18n';
import { ENTRY_EVENT, type HydrateIsland } from './lib/islands-entry';

const lang = findLanguage(document.documentElement.lang)?.code ?? DEFAULT_LANGUAGE;
let i18n: I18n | undefined;

/**
 * Hydrates one island (a `data-island` container prerendered by client/components/island.tsx)
 * with the catalogues it uses; resolves once React has committed it and handles its events.
 */
const hydrateIsland: HydrateIsland = async (container) => {
  const island = ISLANDS[container.dataset.island as IslandName];
  if (!island) throw new Error(`No island ${container.dataset.island}`);
  i18n ??= createI18n(lang);
  const props = JSON.parse(container.dataset.props ?? '{}') as IslandProps;
  const [Component] = await Promise.all([
    island.load(),
    loadNamespaces(i18n, lang, island.namespaces),
    prepareIsland(container.dataset.island as IslandName, i18n, lang, props),
  ]);
  const Island = Component as ComponentType<IslandProps>;
  const translations = i18n;
  // Hydrated as a transition, React yields to the browser every few milliseconds: a tap meanwhile
  // is answered, and the hydration never blocks the page for long.
  await new Promise<void>((ready) =>
    startTransition(() => {
      hydrateRoot(
        container,
        <IslandRoot i18n={translations} onReady={ready}>
          <Island {...props} />
        </IslandRoot>,
        { identifierPrefix: container.dataset.islandId },
      );
    }),
  );
  container.dataset.hydrated = 'true';
  // End-to-end tests wait for it before they use what React adds.
  document.documentElement.dataset.hydrated = 'true';
};

// `vite dev` serves the page unrendered and without the page script: it is rendered here instead.
if (import.meta.env.DEV) void import('./dev').then(({ renderInDev }) => renderInDev(hydrateIsland));
else document.dispatchEvent(new CustomEvent(ENTRY_EVENT, { detail: hydrateIsland }));
