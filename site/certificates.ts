import type { ProductId } from './tickets';

// Certificates of attendance: what the worker, the console and the buyer's files share (the rules
// are in worker/box-office/certificates.ts).

/** How a ticket earned its certificate: checked in on site, opened the stream, or an organiser's grant. */
export type CertificateBasis = 'checked_in' | 'stream' | 'granted';

/** Why a ticket has no certificate (now). */
export type CertificateRefusal = 'not_found' | 'not_paid' | 'before_end' | 'not_attended' | 'withdrawn';

/** A ticket's certificate as the console shows it on the order screen. */
export type TicketCertificate = {
  ticketId: string;
  /** Whether it qualifies at the event's end, whatever the clock says now. */
  qualifies: boolean;
  basis: CertificateBasis | null;
  refusal: CertificateRefusal | null;
  /** The verification id, once the certificate was first given out. */
  id: string | null;
  /** Every grant and withdrawal, oldest first. */
  log: CertificateDecision[];
};

/** An organiser's grant or withdrawal of a ticket's certificate. */
export type CertificateDecision = { granted: boolean; by: string; reason: string; at: string };

/** What a certificate says of its holder. */
export type CertificateFacts = {
  ticketId: string;
  orderId: string;
  holder: string | null;
  product: ProductId;
  mode: 'onsite' | 'online';
  lang: string;
  basis: CertificateBasis;
  /** Its verification id and when it was first given out (what the PDF's date says). */
  id: string;
  issuedAt: string;
};

/** What the public check page may say of a verification id (nothing of the person but the name). */
export type CertificateCheck =
  | { state: 'valid'; holder: string | null }
  | { state: 'withdrawn' }
  | { state: 'unknown' };

/** A verification id: 16 symbols of Crockford base 32 in four groups (`7K2M-9QXD-…`). */
export const CERTIFICATE_ID = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** The public check page's path in a language's prefix (slugs stay Polish: docs/urls-and-languages.md). */
export const certificateCheckPath = (prefix: string, id: string) => `/${prefix}/certyfikat/${id}`;
