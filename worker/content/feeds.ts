import type { PageId } from '../../site/pages';
import type { Bindings } from '../env';
import { renderPressBios } from './press-bios';
import { renderSitemap } from './sitemap';

/**
 * What follows what is published besides the pages, rendered once per change: sitemap.xml and the
 * press kit's bios. Each on its own: a failure is logged and leaves that file as it was, and the
 * next change renders it again. (Session calendar files and the schedule exports read the store.)
 */
export async function renderFeeds(env: Bindings, contentPages: readonly PageId[], now: number): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    ['sitemap', () => renderSitemap(env, contentPages)],
    ['press_bios', () => renderPressBios(env, now)],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      console.error(JSON.stringify({ event: 'content_feed_failed', feed: name, message: String(error) }));
    }
  }
}
