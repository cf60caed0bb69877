/**
 * The signed form of a ticket code, which the QR code carries: what both the box office (which
 * signs and checks it) and an offline door (which checks it with the public key alone) read.
 *
 * Layout, all Crockford base32 so the whole code fits the QR code's alphanumeric mode:
 * `<ticket's own code, 8><product, 1><Ed25519 signature, 103>`, 112 symbols. The signature is of
 * `ticket-v2:<code><product>`: the ticket's own code names the ticket, and the product lets a door
 * that has never seen the ticket (sold after it took its list) decide which lists it opens.
 * The older form (20 symbols, an HMAC that only the box office can check) stays valid.
 */

/** Crockford's base32: no I, L, O or U, so nothing read aloud or typed from paper is misread. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Symbols of the ticket's own code at the head of both forms. */
export const OWN_CODE_LENGTH = 8;
/** Symbols of a 64-byte Ed25519 signature in base32 (512 bits, the last symbol carries two). */
export const SIGNATURE_SYMBOLS = 103;
/** Length of the signed form. */
export const SIGNED_CODE_LENGTH = OWN_CODE_LENGTH + 1 + SIGNATURE_SYMBOLS;

/**
 * One symbol per product, fixed forever (a code printed today must read the same next year);
 * `Z` is any product this table does not know, which a door decides by its list.
 */
const PRODUCT_SYMBOLS: Record<string, string> = {
  'online-standard': '0',
  'online-premium': '1',
  'online-vip': '2',
  'onsite-standard': '3',
  'onsite-pro': '4',
  'onsite-vip': '5',
};
const OTHER_PRODUCT = 'Z';

/** The symbol a product has in a signed code. */
export const productSymbol = (product: string) => PRODUCT_SYMBOLS[product] ?? OTHER_PRODUCT;

/** The product a signed code's symbol names, or null for `Z` or a symbol no product has. */
export const productOfSymbol = (symbol: string) =>
  Object.entries(PRODUCT_SYMBOLS).find(([, s]) => s === symbol)?.[0] ?? null;

/** What is signed: the ticket's own code and its product symbol, with the form's version. */
export const signedMessage = (ownCode: string, product: string) =>
  new TextEncoder().encode(`ticket-v2:${ownCode}${product}`);

/** Bytes as base32 symbols, the last symbol's spare bits zero. */
export function toBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CODE_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CODE_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * The bytes of base32 symbols, or null when a symbol is not in the alphabet or the spare bits of
 * the last symbol are not zero (so one signature has exactly one spelling).
 */
export function fromBase32(symbols: string, length: number): Uint8Array | null {
  const bytes = new Uint8Array(length);
  let buffer = 0;
  let bits = 0;
  let i = 0;
  for (const symbol of symbols) {
    const value = CODE_ALPHABET.indexOf(symbol);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      if (i >= length) return null;
      bytes[i++] = (buffer >> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  if (i !== length || (buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

/** The parts of a canonical signed code, or null when it is not one. */
export function parseSignedCode(canonical: string): { ownCode: string; product: string; signature: Uint8Array } | null {
  if (canonical.length !== SIGNED_CODE_LENGTH) return null;
  const ownCode = canonical.slice(0, OWN_CODE_LENGTH);
  const product = canonical.slice(OWN_CODE_LENGTH, OWN_CODE_LENGTH + 1);
  if ([...ownCode, product].some((c) => !CODE_ALPHABET.includes(c))) return null;
  const signature = fromBase32(canonical.slice(OWN_CODE_LENGTH + 1), 64);
  return signature ? { ownCode, product, signature } : null;
}

/** Whether a canonical signed code carries a signature the public key (raw, 32 bytes) made. */
export async function verifySignedCode(publicKey: CryptoKey, canonical: string): Promise<boolean> {
  const parts = parseSignedCode(canonical);
  if (!parts) return false;
  try {
    return await crypto.subtle.verify(
      'Ed25519',
      publicKey,
      parts.signature as Uint8Array<ArrayBuffer>,
      signedMessage(parts.ownCode, parts.product) as Uint8Array<ArrayBuffer>,
    );
  } catch {
    return false;
  }
}

/** The public key a door receives (raw Ed25519, base64url), as a key WebCrypto verifies with. */
export function importPublicKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']);
}
