import { describe, expect, it } from 'vitest';
import { qrMatrix } from '../../site/qr';
import { fromBase32, importPublicKey, SIGNED_CODE_LENGTH, toBase32, verifySignedCode } from '../../site/ticket-code';
import { fromBase64 } from '../../worker/crypto';
import {
  codeOf,
  normaliseTicketCode,
  signedTicketCode,
  TICKET_SIGNATURE_BITS,
  ticketCode,
  ticketCodeMatches,
  ticketKey,
  ticketPublicKey,
} from '../../worker/tickets/code';

const FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;
const ORDER = { id: '01KAAAAAAAAAAAAAAAAAAAAAAA', code: 'ABCD2345' };

describe('ticket codes', () => {
  it('are the order code and a signature, 20 Crockford base32 symbols in groups of four', async () => {
    const code = await ticketCode('key', ORDER);
    expect(code).toMatch(FORMAT);
    expect(code.startsWith('ABCD-2345-')).toBe(true);
    expect(TICKET_SIGNATURE_BITS).toBeGreaterThanOrEqual(60);
    expect(encodeURIComponent(code)).toBe(code);
  });

  it('are the same each time for an order, and differ by order and by key', async () => {
    const code = await ticketCode('key', ORDER);
    expect(await ticketCode('key', ORDER)).toBe(code);
    expect(await ticketCode('other key', ORDER)).not.toBe(code);
    expect(await ticketCode('key', { ...ORDER, id: '01KBBBBBBBBBBBBBBBBBBBBBBB' })).not.toBe(code);
  });

  it('match only their own order under their own key', async () => {
    const code = await ticketCode('key', ORDER);
    expect(await ticketCodeMatches('key', code, ORDER)).toBe(true);
    expect(await ticketCodeMatches('wrong', code, ORDER)).toBe(false);
    const forged = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect(await ticketCodeMatches('key', forged, ORDER)).toBe(false);
  });

  it('read back from what a person types: case, spaces, dashes and look-alike letters', async () => {
    const code = await ticketCode('key', ORDER);
    expect(normaliseTicketCode(code)).toBe(code);
    expect(normaliseTicketCode(code.toLowerCase())).toBe(code);
    expect(normaliseTicketCode(` ${code.replaceAll('-', ' ')} `)).toBe(code);
    expect(normaliseTicketCode('abcd 2345 kOmI 9xa0 b4dL')).toBe('ABCD-2345-K0M1-9XA0-B4D1');
    expect(codeOf(code)).toBe('ABCD2345');
  });

  it.each(['', 'ABCD', 'ABCD-2345-K7QM-9XA0-B4D', 'ABCD-2345-K7QM-9XA0-B4DT-X', 'ABCD-2345-K7QM-9XA0-B4DU'])(
    'refuses %j as a code',
    (input) => {
      expect(normaliseTicketCode(input)).toBeNull();
    },
  );

  it('needs a configured key in production, and has a development key elsewhere', () => {
    expect(ticketKey({ TICKET_KEY: 'k', ENVIRONMENT: 'production' })).toBe('k');
    expect(ticketKey({ ENVIRONMENT: 'development' })).toBeTruthy();
    expect(() => ticketKey({ ENVIRONMENT: 'production' })).toThrow();
  });
});

describe('signed ticket codes (what the QR code carries)', () => {
  const TICKET = { ...ORDER, product: 'onsite-vip' };
  const doorKey = async (key: string) =>
    importPublicKey(fromBase64((await ticketPublicKey(key)).replace(/-/g, '+').replace(/_/g, '/')));
  const flip = (code: string, at: number) => code.slice(0, at) + (code[at] === '0' ? '1' : '0') + code.slice(at + 1);

  it('are the ticket code, its product and an Ed25519 signature in 112 base32 symbols', async () => {
    const code = await signedTicketCode('key', TICKET);
    expect(code).toHaveLength(SIGNED_CODE_LENGTH);
    expect(code).toMatch(/^ABCD23455[0-9A-HJKMNP-TV-Z]{103}$/);
    expect(normaliseTicketCode(code)).toBe(code);
    expect(normaliseTicketCode(code.toLowerCase())).toBe(code);
    expect(codeOf(code)).toBe('ABCD2345');
  });

  it('fit a version-5 QR code at medium error correction (37 modules, 45 with the quiet zone)', async () => {
    // Alphanumeric mode holds 154 symbols in version 5-M; a phone reads it from a screen at arm's length.
    expect(qrMatrix(await signedTicketCode('key', TICKET))).toHaveLength(37 + 8);
  });

  it('are checked by the box office and by a door holding only the public key', async () => {
    const code = await signedTicketCode('key', TICKET);
    expect(await ticketCodeMatches('key', code, ORDER)).toBe(true);
    expect(await verifySignedCode(await doorKey('key'), code)).toBe(true);
  });

  it('refuse a forged signature, an altered code or product, another key, and another ticket', async () => {
    const code = await signedTicketCode('key', TICKET);
    const door = await doorKey('key');
    for (const altered of [flip(code, 20), flip(code, 3), flip(code, 8), flip(code, SIGNED_CODE_LENGTH - 5)]) {
      expect(await ticketCodeMatches('key', altered, { ...ORDER, code: altered.slice(0, 8) })).toBe(false);
      expect(await verifySignedCode(door, altered)).toBe(false);
    }
    expect(await ticketCodeMatches('other key', code, ORDER)).toBe(false);
    expect(await verifySignedCode(await doorKey('other key'), code)).toBe(false);
    expect(await ticketCodeMatches('key', code, { ...ORDER, code: 'ZZZZ2345' })).toBe(false);
    // A signature made with another key pair for the same ticket is a forgery.
    const forged = await signedTicketCode('forger', TICKET);
    expect(await ticketCodeMatches('key', forged, ORDER)).toBe(false);
  });

  it('have one spelling: spare bits of the last symbol must be zero', async () => {
    const code = await signedTicketCode('key', TICKET);
    const last = code.at(-1) as string;
    // 512 bits leave two bits in the last symbol; its three spare bits set give another symbol, refused.
    const spare = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'['0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(last) | 1];
    expect(normaliseTicketCode(code.slice(0, -1) + spare)).toBeNull();
  });

  it('keep the codes already sent valid beside the new ones', async () => {
    const old = await ticketCode('key', ORDER);
    expect(await ticketCodeMatches('key', old, ORDER)).toBe(true);
    expect(await ticketCodeMatches('key', await signedTicketCode('key', TICKET), ORDER)).toBe(true);
  });

  it('base32 round-trips bytes', () => {
    const bytes = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) & 255);
    expect(fromBase32(toBase32(bytes), 64)).toEqual(bytes);
    expect(fromBase32('U', 1)).toBeNull();
  });
});
