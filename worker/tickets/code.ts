/**
 * Ticket codes. A code is a random secret shown to its holder (QR code and text); the box office
 * keeps only its SHA-256 hash, so neither a leaked store nor a holder can make a valid code.
 *
 * Form: 28 symbols of Crockford's base32 (140 random bits) in groups of four, `7K2Q-M9XA-...`.
 * Crockford's alphabet has no I, L, O or U, so a code read aloud or typed from paper is not
 * misread, and upper case with dashes fits the QR code's compact alphanumeric mode.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SYMBOLS = 28;
const GROUP = 4;

/** Number of random bits in a ticket code. */
export const TICKET_CODE_BITS = SYMBOLS * 5;

const group = (symbols: string) => symbols.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? '';

/** A new random ticket code, e.g. `7K2Q-M9XA-0B4D-T6RW-HC8E-PZ1N-V3JF`. */
export function newTicketCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SYMBOLS));
  // 256 is a multiple of 32, so the low five bits of a random byte are uniform.
  return group(Array.from(bytes, (b) => ALPHABET[b & 31]).join(''));
}

/**
 * The canonical form of a typed or scanned code, or null when it cannot be one: case, spaces,
 * dashes and dots are ignored, and O, I and L are read as 0, 1 and 1, as Crockford's base32 says.
 */
export function normaliseTicketCode(input: string): string | null {
  const symbols = input
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (symbols.length !== SYMBOLS || [...symbols].some((c) => !ALPHABET.includes(c))) return null;
  return group(symbols);
}

/**
 * SHA-256 (lower-case hex) of a code's canonical form, which is what the box office stores and
 * looks up. Input that is no code is hashed as it is, so it simply matches nothing.
 */
export async function ticketCodeHash(code: string): Promise<string> {
  const canonical = normaliseTicketCode(code) ?? code;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
