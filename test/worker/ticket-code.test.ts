import { describe, expect, it } from 'vitest';
import { newTicketCode, normaliseTicketCode, TICKET_CODE_BITS, ticketCodeHash } from '../../worker/tickets/code';

const FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/;

describe('ticket codes', () => {
  it('are 28 Crockford base32 symbols in groups of four, at least 128 random bits', () => {
    expect(TICKET_CODE_BITS).toBeGreaterThanOrEqual(128);
    for (let i = 0; i < 200; i++) expect(newTicketCode()).toMatch(FORMAT);
  });

  it('never repeat and use the whole alphabet', () => {
    const codes = Array.from({ length: 2000 }, newTicketCode);
    expect(new Set(codes).size).toBe(codes.length);
    const symbols = new Set(codes.join('').replaceAll('-', ''));
    expect(symbols.size).toBe(32);
  });

  it('are URL-safe as they are', () => {
    const code = newTicketCode();
    expect(encodeURIComponent(code)).toBe(code);
  });

  it('read back from what a person types: case, spaces, dashes and look-alike letters', () => {
    const code = newTicketCode();
    expect(normaliseTicketCode(code)).toBe(code);
    expect(normaliseTicketCode(code.toLowerCase())).toBe(code);
    expect(normaliseTicketCode(` ${code.replaceAll('-', ' ')} `)).toBe(code);
    expect(normaliseTicketCode(code.replaceAll('-', ''))).toBe(code);
    expect(normaliseTicketCode('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345'.replaceAll('0', 'o').replaceAll('1', 'l'))).toBe(
      'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
    );
    expect(normaliseTicketCode('abcd efgh jkmn pqrs tvwx yz0i 2345')).toBe('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345');
  });

  it('refuse what cannot be a code', () => {
    expect(normaliseTicketCode('')).toBeNull();
    expect(normaliseTicketCode('ABCD-EFGH')).toBeNull();
    expect(normaliseTicketCode(`${newTicketCode()}X`)).toBeNull();
    // U is not in Crockford's alphabet, and punctuation other than separators is not ignored.
    expect(normaliseTicketCode('UBCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345')).toBeNull();
    expect(normaliseTicketCode('ABCD/EFGH-JKMN-PQRS-TVWX-YZ01-234')).toBeNull();
  });

  it('are stored as the SHA-256 of their canonical form, so every typed spelling finds the ticket', async () => {
    const code = newTicketCode();
    const hash = await ticketCodeHash(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await ticketCodeHash(code.toLowerCase().replaceAll('-', ' '))).toBe(hash);
    expect(await ticketCodeHash(newTicketCode())).not.toBe(hash);
    expect(hash).not.toContain(code.replaceAll('-', '').toLowerCase());
  });

  it('hash non-codes as they are (FIPS 180-2 vector), so they match no ticket', async () => {
    expect(await ticketCodeHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
