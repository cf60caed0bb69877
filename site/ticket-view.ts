import { EVENT } from './event';
import type { LanguageCode } from './languages';
import type { TicketView } from './order-view';
import type { LocalTime, RoomId } from './program';
import { eventStartsAt } from './terms';
import { ONLINE_PLANS, ONSITE_TICKETS, type PlanFeature, type ProductId, product } from './tickets';

/**
 * What a ticket's own page shows (worker/ticket-page.ts writes it into the page it serves): the
 * ticket with its QR code and holder, the workshops it holds seats in, the day's programme with the
 * sessions its holder starred, and where its forms and its calendar feed are.
 */
export type TicketPageView = {
  lang: LanguageCode;
  ticket: TicketView & { code: string };
  /** Who the ticket is for: its own name, else its e-mail, else the buyer's name or e-mail. */
  holder: string;
  /** The QR code as a data URL (site/qr.ts): inside the page, so it shows with no other request. */
  qr: string;
  /** The workshops the ticket holds seats in, with their titles in the page's language. */
  workshops: { id: string; title: string }[];
  /** The published sessions of the day in time order, each marked when its holder starred it. */
  programme: AgendaSession[];
  /** When the page was made (ISO): what "open now" is measured against. */
  now: string;
  links: {
    /** Where a star is sent (a form's action; worker/routes/tickets.ts). */
    star: string;
    /** The holder's sessions as an https `.ics` and as a `webcal://` subscription. */
    feed: string;
    webcal: string;
  };
};

/** A session of the day as the ticket page lists it. */
export type AgendaSession = {
  id: string;
  start: LocalTime;
  end: LocalTime;
  room: RoomId;
  title: string;
  speakers: string[];
  starred: boolean;
};

/** The instant the congress's day ends (its last show), in Warsaw. */
export const eventEndsAt = (): number => Date.parse(`${EVENT.date}T${EVENT.endTime}:00${EVENT.utcOffset}`);

const DAY_MS = 86_400_000;

/**
 * Something a ticket's plan includes, as its catalogue key (`tickets:` namespace) and, where the
 * product decisions fix one, the window it is open in (ISO instants): the stream during the event's
 * hours, recordings from its end for 30 or 365 days, the certificate from its end, what happens on
 * site on the day.
 */
export type PlanItem = {
  key: `plans.features.${PlanFeature}` | `onsite.features.${(typeof ONSITE_TICKETS)[number]['features'][number]}`;
  opens: string | null;
  until: string | null;
};

const window = (opens: number | null, until: number | null) => ({
  opens: opens === null ? null : new Date(opens).toISOString(),
  until: until === null ? null : new Date(until).toISOString(),
});

/** What a ticket's product includes (site/tickets.ts), each with its window where it has one. */
export function planItems(id: ProductId): PlanItem[] {
  const item = product(id);
  const type = id.split('-')[1];
  const start = eventStartsAt();
  const end = eventEndsAt();
  if (item.mode === 'onsite') {
    const features = ONSITE_TICKETS.find((t) => t.type === type)?.features ?? [];
    return features.map((feature) => ({
      key: `onsite.features.${feature}` as const,
      ...(feature === 'noWorkshops' ? window(null, null) : window(start, end)),
    }));
  }
  const plan = ONLINE_PLANS.find((p) => p.type === type);
  const windows: Record<string, ReturnType<typeof window>> = {
    liveStream: window(start, end),
    recordings30: window(end, end + 30 * DAY_MS),
    recordings365: window(end, end + 365 * DAY_MS),
    certificate: window(end, null),
  };
  return (plan?.features ?? []).map((feature) => ({
    key: `plans.features.${feature}` as const,
    ...(windows[feature] ?? window(null, null)),
  }));
}
