import type { ProductId } from '../../site/tickets';

/** The id of a product's availability line, which its button names as its description. */
export const availabilityId = (id: ProductId) => `availability-${id}`;

/**
 * Where a product's live state goes (places left when few, sold out, sales closed). The page is
 * prerendered without it; the worker writes it in as it serves the page, from the box office
 * (worker/live-state.ts), so it is there at the first paint without any script. Outside any island:
 * React never renders it in the browser.
 */
export function ProductAvailability({ id }: { id: ProductId }) {
  return <p className="availability" id={availabilityId(id)} data-availability={id} hidden />;
}
