import { EVENT } from '../../site/event';
import type { LanguageCode } from '../../site/languages';
import { eventDate, formatDate } from './format';

/** Interpolation values for texts that mention the event's date, hours and place. */
export function eventValues(lang: LanguageCode) {
  const { venue } = EVENT;
  return {
    date: eventDate(lang),
    start: EVENT.startTime,
    end: EVENT.endTime,
    venue: venue.name,
    city: venue.city,
    address: `${venue.street}, ${venue.postalCode} ${venue.city}`,
    listsDate: formatDate(lang, EVENT.listsPublishedOn),
  };
}
