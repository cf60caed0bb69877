import { describe, expect, it } from 'vitest';
import {
  codeOf,
  normaliseTicketCode,
  TICKET_SIGNATURE_BITS,
  ticketCode,
  ticketCodeMatches,
  ticketKey,
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
