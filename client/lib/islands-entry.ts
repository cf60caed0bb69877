// What the page script and the islands' entry (client/main.tsx) agree on, in a module of its own:
// the entry imports nothing of the page script, which every page has already run.

/** What the islands' entry hands over when it runs. */
export type HydrateIsland = (island: HTMLElement) => Promise<void>;

/**
 * The event the islands' entry (client/main.tsx) dispatches as it runs, with its `hydrateIsland`
 * as `detail`: the build keeps no exports of an entry that an HTML page names.
 */
export const ENTRY_EVENT = 'congress:islands-entry';
