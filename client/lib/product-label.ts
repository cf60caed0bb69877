import type { TFunction } from 'i18next';
import { findProduct, PRODUCTS, type ProductId } from '../../site/tickets';

/** A product's full name ("Pro (on site)") from the tickets catalogue. */
export function productLabel(t: TFunction<'tickets'>, id: ProductId): string {
  const item = findProduct(id);
  return item ? t(`modes.${item.mode}`, { name: t(item.nameKey) }) : id;
}

/** Every product's full name, by id: what an island that loads no tickets catalogue gets as props. */
export function productLabels(t: TFunction<'tickets'>): Record<ProductId, string> {
  return Object.fromEntries(PRODUCTS.map((item) => [item.id, productLabel(t, item.id)])) as Record<ProductId, string>;
}
