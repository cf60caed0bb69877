import cartDe from '../locales/de/cart.json';
import commonDe from '../locales/de/common.json';
import deliveryDe from '../locales/de/delivery.json';
import ticketsDe from '../locales/de/tickets.json';
import cartEnGB from '../locales/en-GB/cart.json';
import commonEnGB from '../locales/en-GB/common.json';
import deliveryEnGB from '../locales/en-GB/delivery.json';
import ticketsEnGB from '../locales/en-GB/tickets.json';
import cartEnUS from '../locales/en-US/cart.json';
import commonEnUS from '../locales/en-US/common.json';
import deliveryEnUS from '../locales/en-US/delivery.json';
import ticketsEnUS from '../locales/en-US/tickets.json';
import cartEs from '../locales/es/cart.json';
import commonEs from '../locales/es/common.json';
import deliveryEs from '../locales/es/delivery.json';
import ticketsEs from '../locales/es/tickets.json';
import cartPl from '../locales/pl/cart.json';
import commonPl from '../locales/pl/common.json';
import deliveryPl from '../locales/pl/delivery.json';
import ticketsPl from '../locales/pl/tickets.json';
import type { LanguageCode } from '../site/languages';
import type { Product } from '../site/tickets';

/** The catalogues the worker renders itself (footer service, demo checkout, Stripe product names, order page words). */
const TEXTS: Record<
  LanguageCode,
  { common: typeof commonPl; tickets: typeof ticketsPl; cart: typeof cartPl; delivery: typeof deliveryPl }
> = {
  pl: { common: commonPl, tickets: ticketsPl, cart: cartPl, delivery: deliveryPl },
  'en-GB': { common: commonEnGB, tickets: ticketsEnGB, cart: cartEnGB, delivery: deliveryEnGB },
  'en-US': { common: commonEnUS, tickets: ticketsEnUS, cart: cartEnUS, delivery: deliveryEnUS },
  de: { common: commonDe, tickets: ticketsDe, cart: cartDe, delivery: deliveryDe },
  es: { common: commonEs, tickets: ticketsEs, cart: cartEs, delivery: deliveryEs },
};

/** The worker's texts in a language. */
export const texts = (lang: LanguageCode) => TEXTS[lang];

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
