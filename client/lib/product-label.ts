import type { TFunction } from 'i18next';
import { findProduct, type ProductId } from '../../site/tickets';

/** A product's full name ("Pro (on site)") from the tickets catalogue. */
export function productLabel(t: TFunction<'tickets'>, id: ProductId): string {
  const item = findProduct(id);
  return item ? t(`modes.${item.mode}`, { name: t(item.nameKey) }) : id;
}
