import { useTranslation } from 'react-i18next';
import { calendarPath, congressCalendarLinks } from '../../site/calendar';
import { brandName, EVENT } from '../../site/event';
import { isExample } from '../../site/example-data';
import type { LanguageCode } from '../../site/languages';
import { PRODUCTS } from '../../site/tickets';
import { WORKSHOPS } from '../../site/workshops';
import { Island } from '../components/island';
import { type CalendarLinks, OrderStatus } from '../components/order-status';
import { eventFacts, useProductName } from '../components/ticket-card';
import { useLanguage } from '../lib/use-language';

/** The congress's calendar links for an order online (the brand as the place) and on site (the venue). */
function calendarLinks(lang: LanguageCode): CalendarLinks {
  const venue = `${EVENT.venue.name}, ${EVENT.venue.street}, ${EVENT.venue.postalCode} ${EVENT.venue.city}`;
  const online = congressCalendarLinks(brandName(), brandName());
  const onsite = congressCalendarLinks(brandName(), venue);
  return {
    onlineGoogle: online.google,
    onlineOutlook: online.outlook,
    onsiteGoogle: onsite.google,
    onsiteOutlook: onsite.outlook,
    file: calendarPath(lang, 'congress'),
  };
}

/**
 * The buyer's thank-you page: the order, read in the browser from the URL's query, so at load.
 * The workshops' titles and the products' names go with the island, so that it loads no events or
 * tickets catalogue for them; the calendar's links too, so that it carries no calendar code; and
 * whether the bank account is an example, so that it carries no list of examples.
 */
export default function Thanks() {
  const { t } = useTranslation('events');
  const { t: delivery } = useTranslation('delivery');
  const productName = useProductName();
  const workshopTitles = Object.fromEntries(WORKSHOPS.map(({ id }) => [id, t(`workshops.items.${id}.title`)]));
  const productNames = Object.fromEntries(PRODUCTS.map(({ id }) => [id, productName(id)]));
  const lang = useLanguage();
  const calendar = calendarLinks(lang);
  const event = eventFacts(lang, delivery('ticket.whereOnline'));
  return (
    <Island
      name="order"
      component={OrderStatus}
      props={{ workshopTitles, productNames, calendar, event, exampleAccount: isExample('organiser') }}
      start="at-load"
    />
  );
}
