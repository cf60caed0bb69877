import adminDe from '../locales/de/admin.json';
import cartDe from '../locales/de/cart.json';
import commonDe from '../locales/de/common.json';
import contactDe from '../locales/de/contact.json';
import deliveryDe from '../locales/de/delivery.json';
import emailDe from '../locales/de/email.json';
import eventsDe from '../locales/de/events.json';
import infoDe from '../locales/de/info.json';
import ticketDe from '../locales/de/ticket.json';
import ticketsDe from '../locales/de/tickets.json';
import adminEnGB from '../locales/en-GB/admin.json';
import cartEnGB from '../locales/en-GB/cart.json';
import commonEnGB from '../locales/en-GB/common.json';
import contactEnGB from '../locales/en-GB/contact.json';
import deliveryEnGB from '../locales/en-GB/delivery.json';
import emailEnGB from '../locales/en-GB/email.json';
import eventsEnGB from '../locales/en-GB/events.json';
import infoEnGB from '../locales/en-GB/info.json';
import ticketEnGB from '../locales/en-GB/ticket.json';
import ticketsEnGB from '../locales/en-GB/tickets.json';
import adminEnUS from '../locales/en-US/admin.json';
import cartEnUS from '../locales/en-US/cart.json';
import commonEnUS from '../locales/en-US/common.json';
import contactEnUS from '../locales/en-US/contact.json';
import deliveryEnUS from '../locales/en-US/delivery.json';
import emailEnUS from '../locales/en-US/email.json';
import eventsEnUS from '../locales/en-US/events.json';
import infoEnUS from '../locales/en-US/info.json';
import ticketEnUS from '../locales/en-US/ticket.json';
import ticketsEnUS from '../locales/en-US/tickets.json';
import adminEs from '../locales/es/admin.json';
import cartEs from '../locales/es/cart.json';
import commonEs from '../locales/es/common.json';
import contactEs from '../locales/es/contact.json';
import deliveryEs from '../locales/es/delivery.json';
import emailEs from '../locales/es/email.json';
import eventsEs from '../locales/es/events.json';
import infoEs from '../locales/es/info.json';
import ticketEs from '../locales/es/ticket.json';
import ticketsEs from '../locales/es/tickets.json';
import adminPl from '../locales/pl/admin.json';
import cartPl from '../locales/pl/cart.json';
import commonPl from '../locales/pl/common.json';
import contactPl from '../locales/pl/contact.json';
import deliveryPl from '../locales/pl/delivery.json';
import emailPl from '../locales/pl/email.json';
import eventsPl from '../locales/pl/events.json';
import infoPl from '../locales/pl/info.json';
import ticketPl from '../locales/pl/ticket.json';
import ticketsPl from '../locales/pl/tickets.json';
import type { LanguageCode } from '../site/languages';

/**
 * The catalogues under locales/ that the worker reads itself, by namespace and language: the one
 * place that maps a language to its JSON file. pl is the reference; every other language has
 * exactly its keys (test/client/catalogues.test.ts), so each takes pl's type.
 */
const byLanguage = <T>(pl: T, enGB: T, enUS: T, de: T, es: T): Record<LanguageCode, T> => ({
  pl,
  'en-GB': enGB,
  'en-US': enUS,
  de,
  es,
});

export const CATALOGUES = {
  admin: byLanguage(adminPl, adminEnGB, adminEnUS, adminDe, adminEs),
  cart: byLanguage(cartPl, cartEnGB, cartEnUS, cartDe, cartEs),
  common: byLanguage(commonPl, commonEnGB, commonEnUS, commonDe, commonEs),
  contact: byLanguage(contactPl, contactEnGB, contactEnUS, contactDe, contactEs),
  delivery: byLanguage(deliveryPl, deliveryEnGB, deliveryEnUS, deliveryDe, deliveryEs),
  email: byLanguage(emailPl, emailEnGB, emailEnUS, emailDe, emailEs),
  events: byLanguage(eventsPl, eventsEnGB, eventsEnUS, eventsDe, eventsEs),
  info: byLanguage(infoPl, infoEnGB, infoEnUS, infoDe, infoEs),
  ticket: byLanguage(ticketPl, ticketEnGB, ticketEnUS, ticketDe, ticketEs),
  tickets: byLanguage(ticketsPl, ticketsEnGB, ticketsEnUS, ticketsDe, ticketsEs),
};

/** A namespace of the catalogues (`email`, `events`, …). */
export type Namespace = keyof typeof CATALOGUES;

/** One namespace's catalogue in a language. */
export const catalogue = <N extends Namespace>(namespace: N, lang: LanguageCode): (typeof CATALOGUES)[N]['pl'] =>
  CATALOGUES[namespace][lang];
