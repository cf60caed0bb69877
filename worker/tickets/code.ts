import {
  importPublicKey,
  OWN_CODE_LENGTH,
  parseSignedCode,
  productSymbol,
  SIGNED_CODE_LENGTH,
  signedMessage,
  toBase32,
  verifySignedCode,
} from '../../site/ticket-code';
import { base64url, constantTimeEqual, hmac, hmacSecret } from '../crypto';
import type { Bindings } from '../env';
import { ApiError } from '../errors';

/**
 * Ticket codes. A code is the ticket's own code followed by the box office's signature of the
 * ticket (HMAC-SHA-256 under a secret key, 60 bits shown), so nobody without the key can make one,
 * and the box office needs to store nothing more to show it again or to check it at the door. A
 * ticket from before tickets had rows of their own has its order's id and code, so its code is
 * the one its buyer was sent then.
 *
 * Form: 20 symbols of Crockford's base32 in groups of four, `ABCD-2345-K7QM-9XA0-B4DT`. The
 * alphabet has no I, L, O or U, so a code read aloud or typed from paper is not misread, and upper
 * case with dashes fits the QR code's compact alphanumeric mode.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_CODE = 8;
const SIGNATURE = 12;
const GROUP = 4;

/** Number of signature bits in a ticket code (what a forger would have to guess). */
export const TICKET_SIGNATURE_BITS = SIGNATURE * 5;

const group = (symbols: string) => symbols.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? '';

/** The key that signs tickets; outside production a fixed development key stands in. */
export function ticketKey(env: Pick<Bindings, 'TICKET_KEY' | 'ENVIRONMENT'>): string {
  if (env.TICKET_KEY) return env.TICKET_KEY;
  if (env.ENVIRONMENT === 'production') {
    console.error(JSON.stringify({ event: 'ticket_key_missing' }));
    throw new ApiError(503, 'tickets_unavailable');
  }
  return 'development-ticket-key';
}

async function signature(key: string, ticketId: string): Promise<string> {
  const mac = await hmac(key, `ticket:${ticketId}`);
  // 256 is a multiple of 32, so the low five bits of each byte are uniform.
  return Array.from(mac.slice(0, SIGNATURE), (b) => ALPHABET[b & 31]).join('');
}

/** The signed code of a ticket, e.g. `ABCD-2345-K7QM-9XA0-B4DT`. */
export async function ticketCode(key: string, ticket: { id: string; code: string }): Promise<string> {
  return group(ticket.code + (await signature(key, ticket.id)));
}

/**
 * The canonical form of a typed or scanned code, or null when it cannot be one: case, spaces,
 * dashes and dots are ignored, and O, I and L are read as 0, 1 and 1, as Crockford's base32 says.
 * The typed form (20 symbols) comes back in groups of four; the signed form the QR code carries
 * (site/ticket-code.ts, 112 symbols) as one run, since nobody types it.
 */
export function normaliseTicketCode(input: string): string | null {
  const symbols = input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if ([...symbols].some((c) => !ALPHABET.includes(c))) return null;
  if (symbols.length === SIGNED_CODE_LENGTH) return parseSignedCode(symbols) ? symbols : null;
  if (symbols.length !== ORDER_CODE + SIGNATURE) return null;
  return group(symbols);
}

/** Whether a canonical code is of the signed form (checked with the public key alone). */
export const isSignedForm = (canonical: string) => canonical.length === SIGNED_CODE_LENGTH;

/**
 * The Ed25519 key pair that signs the QR codes, derived from the ticket key (HMAC of a fixed label
 * as the 32-byte seed): one secret to keep, the same pair in every isolate and in the Durable
 * Object, and `ticketCodeMatches(key, …)` keeps its shape. A door receives only the public half.
 */
type SigningPair = { privateKey: CryptoKey; publicKey: CryptoKey; publicRaw: string };
const pairs = new Map<string, Promise<SigningPair>>();

// PKCS #8 of an Ed25519 private key is this fixed header followed by the 32-byte seed (RFC 8410).
const PKCS8_ED25519 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

async function derivePair(key: string): Promise<SigningPair> {
  const seed = await hmac(key, 'ticket-signing-key:ed25519:v1');
  const pkcs8 = new Uint8Array([...PKCS8_ED25519, ...seed]);
  const extractable = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
  // WebCrypto derives the public half when the private key is exported as a JWK (`x`).
  const jwk = (await crypto.subtle.exportKey('jwk', extractable)) as JsonWebKey;
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  const raw = Uint8Array.from(atob((jwk.x as string).replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return { privateKey, publicKey: await importPublicKey(raw), publicRaw: base64url(raw) };
}

function signingPair(key: string): Promise<SigningPair> {
  let pair = pairs.get(key);
  if (!pair) {
    pair = derivePair(key);
    pair.catch(() => pairs.delete(key));
    pairs.set(key, pair);
  }
  return pair;
}

/** The public key that checks signed codes, raw Ed25519 as base64url: what a door holds. */
export const ticketPublicKey = async (key: string) => (await signingPair(key)).publicRaw;

/**
 * The signed code of a ticket, the QR code's content: its own code, its product and an Ed25519
 * signature of both, 112 base32 symbols (a version-5 QR code at medium error correction).
 */
export async function signedTicketCode(key: string, ticket: { code: string; product: string }): Promise<string> {
  const product = productSymbol(ticket.product);
  const signature = await crypto.subtle.sign(
    'Ed25519',
    (await signingPair(key)).privateKey,
    signedMessage(ticket.code, product) as Uint8Array<ArrayBuffer>,
  );
  return ticket.code + product + toBase32(new Uint8Array(signature));
}

/** The ticket's own code a canonical ticket code names (its signature is checked against that ticket). */
export const codeOf = (canonical: string) => canonical.replaceAll('-', '').slice(0, ORDER_CODE);

/**
 * The worker's signature of an offline door's list (base64url Ed25519 over `door-list-v1:` and the
 * list's JSON), checked by the door with the public key it pinned: the label keeps a list's
 * signature from ever being a ticket's.
 */
export async function signDoorList(key: string, json: string): Promise<string> {
  const message = new TextEncoder().encode(`door-list-v1:${json}`);
  return base64url(new Uint8Array(await crypto.subtle.sign('Ed25519', (await signingPair(key)).privateKey, message)));
}

/**
 * Whether a canonical ticket code is one of this ticket: its signed form (an Ed25519 signature of
 * its own code, checked with the public key) or its typed form (the HMAC of its id).
 */
export async function ticketCodeMatches(key: string, canonical: string, ticket: { id: string; code: string }) {
  if (isSignedForm(canonical)) {
    if (canonical.slice(0, OWN_CODE_LENGTH) !== ticket.code) return false;
    return verifySignedCode((await signingPair(key)).publicKey, canonical);
  }
  const expected = await ticketCode(key, ticket);
  // Both are public-length strings; a constant-time compare keeps the signature from leaking.
  return constantTimeEqual(expected, canonical);
}

/**
 * The token of an order's link in its e-mails: the box office keeps only the hash of the buyer's own
 * secret, so an e-mail sent later links with this signed one instead, which the order API also takes.
 */
export const orderLinkToken = (key: string, orderId: string) => hmacSecret(key, `order:${orderId}`);

/** The secret of a partner's allotment link (site/comps.ts): derived like an order's, never stored. */
export const allotmentLinkToken = (key: string, allotmentId: string) => hmacSecret(key, `allotment:${allotmentId}`);
/** The secrets of a waiting-list entry's confirmation link and of an offer's page (nothing stored). */
export const waitlistEntryToken = (key: string, entryId: string) => hmacSecret(key, `waitlist:${entryId}`);
export const waitlistOfferToken = (key: string, offerId: string) => hmacSecret(key, `waitlist-offer:${offerId}`);
