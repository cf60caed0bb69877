import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import type { LanguageCode } from '../site/languages';
import type { Namespace } from '../site/pages';

/**
 * The parts of the site that React owns in the browser: each holds state (a form being sent, an
 * order being polled). Everything else on a page is prerendered HTML whose controls are the
 * platform's own, and loads no React at all. An island is prerendered inside its page (see
 * client/components/island.tsx) and hydrated alone, with only the catalogues it uses, when the
 * visitor reaches for it (client/boot.ts `islands`, client/main.tsx `hydrateIsland`).
 */
export const ISLANDS = {
  purchase: {
    // The products' names come as props: the dialog loads only its own catalogue, not the plans'.
    namespaces: ['cart'],
    load: () => import('./components/purchase-dialog').then((m) => m.PurchaseIsland),
  },
  contact: { namespaces: ['contact'], load: () => import('./components/contact-form').then((m) => m.ContactForm) },
  workshop: {
    namespaces: ['workshop'],
    load: () => import('./components/workshop-registration').then((m) => m.WorkshopRegistration),
  },
  order: {
    // The workshops' titles and the products' names come as props, the brand from site/: only its own catalogue.
    namespaces: ['delivery'],
    load: () => import('./components/order-status').then((m) => m.OrderStatus),
    // The VAT number's section and its catalogue only for an order that shows one (order-status.tsx
    // `loadOrderVat`): a chunk of its own, client/components/order-vat.tsx.
    prepare: (i18n, lang, props) =>
      import('./components/order-status').then(({ loadOrderVat, orderOfProps, showsVat }) =>
        showsVat(orderOfProps(props)) ? loadOrderVat(i18n, lang) : undefined,
      ),
  },
} as const satisfies Record<string, Island>;

type Island = {
  namespaces: readonly Namespace[];
  load: () => Promise<ComponentType<never>>;
  /** What the island loads before its first render for these props, beyond its namespaces. */
  prepare?: (i18n: I18n, lang: LanguageCode, props: Record<string, unknown>) => Promise<void>;
};

/** An island's preparation for its props, where it has one. */
export const prepareIsland = (name: IslandName, i18n: I18n, lang: LanguageCode, props: Record<string, unknown>) => {
  const island: Island = ISLANDS[name];
  return island.prepare?.(i18n, lang, props);
};

export type IslandName = keyof typeof ISLANDS;

/**
 * When an island starts without waiting for the visitor: `at-load` always, `with-query` when the
 * URL has a query it reads (a preset contact subject).
 */
export type IslandStart = 'at-load' | 'with-query';
