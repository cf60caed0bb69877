import { useEffect, useState } from 'react';
import type { ProductId } from '../../site/tickets';

export type ProductState = { id: ProductId; status: 'on_sale' | 'sold_out' | 'closed'; remaining: number | null };

/** Places left below which the ticket page says how many. */
export const FEW_LEFT = 50;

/** The live state of every product (`GET /api/availability`), or null until it is known. */
export function useAvailability(): Map<ProductId, ProductState> | null {
  const [state, setState] = useState<Map<ProductId, ProductState> | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/availability', { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(({ products }: { products: ProductState[] }) => setState(new Map(products.map((p) => [p.id, p]))))
      .catch((error: unknown) => {
        // Without it the page still sells: the server refuses what is gone, and says so.
        if (!controller.signal.aborted) console.warn('Availability unavailable', error);
      });
    return () => controller.abort();
  }, []);
  return state;
}
