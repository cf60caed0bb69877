import type { WorkshopLevel } from '../../site/workshops';
import { boxOffice } from '../box-office/box-office';
import type { Bindings } from '../env';
import { publishedContent } from './store';

/**
 * Tells the box office the seats of every published workshop, so seats the organisers added go
 * to the workshop's waiting list at once (worker/box-office/waitlist.ts `workshopsPublished`).
 * After each publication, and on the console's "offer free places now".
 */
export async function workshopsToBoxOffice(env: Bindings, now: number): Promise<void> {
  const { workshops } = await publishedContent(env.CONTENT_DB);
  await boxOffice(env.BOX_OFFICE).workshopsPublished(
    workshops.map((w) => ({ workshopId: w.id, level: w.level as WorkshopLevel, capacity: w.capacity })),
    now,
  );
}
