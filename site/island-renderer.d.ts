import type { LanguageCode } from './languages';

/**
 * Renders an island (client/islands.ts) with the given props into the HTML its container holds,
 * exactly as the browser then hydrates it: what the worker uses to write what it knows into a page
 * it serves (worker/thanks-page.ts). Its code is client/render-island.tsx; the worker imports it as
 * `#render-island` (package.json `imports`), and these types are what it sees of it.
 */
export type RenderIsland = (island: {
  lang: LanguageCode;
  name: string;
  props: Record<string, unknown>;
  /** The container's `data-island-id`: React's `identifierPrefix` for the island. */
  prefix: string;
}) => Promise<string>;

export declare const renderIsland: RenderIsland;

/**
 * Renders the content of a ticket's own page (worker/ticket-page.ts): static HTML with forms, no
 * island, so the page needs no script to show the ticket or to keep its agenda.
 */
export declare const renderTicketPage: (
  lang: LanguageCode,
  view: import('./ticket-view').TicketPageView,
) => Promise<string>;
