import commonDe from '../locales/de/common.json';
import ticketsDe from '../locales/de/tickets.json';
import commonEnGB from '../locales/en-GB/common.json';
import ticketsEnGB from '../locales/en-GB/tickets.json';
import commonEnUS from '../locales/en-US/common.json';
import ticketsEnUS from '../locales/en-US/tickets.json';
import commonEs from '../locales/es/common.json';
import ticketsEs from '../locales/es/tickets.json';
import commonPl from '../locales/pl/common.json';
import ticketsPl from '../locales/pl/tickets.json';
import type { LanguageCode } from '../site/languages';
import type { Product } from '../site/tickets';

/** The catalogues the worker renders itself (footer service, demo checkout, Stripe product names). */
const TEXTS: Record<LanguageCode, { common: typeof commonPl; tickets: typeof ticketsPl }> = {
  pl: { common: commonPl, tickets: ticketsPl },
  'en-GB': { common: commonEnGB, tickets: ticketsEnGB },
  'en-US': { common: commonEnUS, tickets: ticketsEnUS },
  de: { common: commonDe, tickets: ticketsDe },
  es: { common: commonEs, tickets: ticketsEs },
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
