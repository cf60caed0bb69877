import 'i18next';
import type admin from '../../locales/pl/admin.json';
import type cart from '../../locales/pl/cart.json';
import type common from '../../locales/pl/common.json';
import type contact from '../../locales/pl/contact.json';
import type delivery from '../../locales/pl/delivery.json';
import type events from '../../locales/pl/events.json';
import type faq from '../../locales/pl/faq.json';
import type home from '../../locales/pl/home.json';
import type info from '../../locales/pl/info.json';
import type ticket from '../../locales/pl/ticket.json';
import type tickets from '../../locales/pl/tickets.json';
import type vat from '../../locales/pl/vat.json';
import type workshop from '../../locales/pl/workshop.json';

// The Polish catalogue is the reference: a key missing there is a type error in the code.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      events: typeof events;
      info: typeof info;
      contact: typeof contact;
      tickets: typeof tickets;
      ticket: typeof ticket;
      cart: typeof cart;
      delivery: typeof delivery;
      vat: typeof vat;
      admin: typeof admin;
      faq: typeof faq;
      workshop: typeof workshop;
    };
  }
}
