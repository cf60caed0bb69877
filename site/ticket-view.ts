import type { OnlineAccessView } from './access';
import type { CertificateRefusal } from './certificates';
import type { LanguageCode } from './languages';
import type { TicketView } from './order-view';
import type { LocalTime, RoomId } from './program';

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
  /**
   * What the plan gives and when, the join link per track, recordings, materials, online workshops
   * and extras: site/access.ts as worker/online/view.ts works it out (the one source of a plan's
   * promises), shown by client/components/online-access.tsx.
   */
  online: OnlineAccessView;
  /** The certificate of attendance after the event: its download, or why there is none. */
  certificate: TicketCertificateState;
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

/**
 * A ticket's certificate as its page offers it: nothing before the event's end (the plan's list says
 * when it comes), then the PDF through the ticket's own link, or why the ticket has none
 * (worker/box-office/certificates.ts decides).
 */
export type TicketCertificateState =
  | { state: 'before_end' }
  | { state: 'ready'; href: string }
  | { state: 'refused'; reason: Exclude<CertificateRefusal, 'before_end' | 'not_found'> };

/** The holder's certificate PDF through the ticket's own link (worker/routes/certificates.ts). */
export const ticketCertificateHref = (ticketId: string, secret: string) =>
  `/api/tickets/${encodeURIComponent(ticketId)}/certificate.pdf?${new URLSearchParams({ k: secret })}`;
