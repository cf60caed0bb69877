import type { LanguageCode } from '../site/languages';
import type { Product } from '../site/tickets';
import { catalogue } from './catalogues';

/** The worker's texts in a language: the catalogues it renders itself (footer service, demo checkout, Stripe product names, order page words). */
export const texts = (lang: LanguageCode) => ({
  common: catalogue('common', lang),
  tickets: catalogue('tickets', lang),
  cart: catalogue('cart', lang),
  delivery: catalogue('delivery', lang),
});

/** Fills `{{name}}` placeholders; values are inserted as they are (escape HTML before). */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** A product's own name in a language ("Pro"), from the tickets catalogue. */
export function productTitle(lang: LanguageCode, item: Pick<Product, 'nameKey'>): string {
  const [group, , key] = item.nameKey.split('.') as ['plans' | 'onsite', 'names', string];
  return (texts(lang).tickets[group].names as Record<string, string>)[key] ?? key;
}

/** A product's full name in a language ("Pro (on site)"). */
export function productName(lang: LanguageCode, item: Pick<Product, 'nameKey' | 'mode'>): string {
  return fill(texts(lang).tickets.modes[item.mode], { name: productTitle(lang, item) });
}
