// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64url } from '../../worker/crypto';
import { fa3Xml } from '../../worker/invoices/fa3';
import { invoiceHash, ksefVerificationUrl, ksefVerificationUrlFromHash } from '../../worker/invoices/ksef-qr';
import { issuedInvoice } from '../support/invoice-fixtures';

describe('the KSeF verification link (KOD I)', () => {
  it("builds the documentation's example link (kody-qr.md) from its date, NIP and hash", () => {
    expect(
      ksefVerificationUrlFromHash('test', '1111111111', '2026-02-01', 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE'),
    ).toBe('https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE');
  });

  it('uses the QR host of each environment', () => {
    const hash = 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
    expect(ksefVerificationUrlFromHash('demo', '1111111111', '2026-02-01', hash)).toMatch(
      /^https:\/\/qr-demo\.ksef\.mf\.gov\.pl\/invoice\//,
    );
    expect(ksefVerificationUrlFromHash('production', '111-111-11-11', '2026-02-01', hash)).toBe(
      `https://qr.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/${hash}`,
    );
  });

  it("hashes the invoice file's UTF-8 bytes with SHA-256, base64url without padding", async () => {
    const invoice = issuedInvoice({ issuedOn: '2027-09-15' });
    const xml = fa3Xml(invoice, { createdAt: '2027-09-15T10:15:00Z' });
    expect(xml).toMatch(/[ąłż]/); // non-ASCII text: the bytes are UTF-8, not UTF-16 code units
    const expected = createHash('sha256').update(xml, 'utf8').digest('base64url');
    expect(await invoiceHash(xml)).toBe(expected);
    expect(await ksefVerificationUrl('test', '1234567890', invoice.issuedOn, xml)).toBe(
      `https://qr-test.ksef.mf.gov.pl/invoice/1234567890/15-09-2027/${expected}`,
    );
    // One changed character is another document, another link.
    expect(await invoiceHash(xml.replace('FV/2027/00042', 'FV/2027/00043'))).not.toBe(expected);
  });

  it('writes base64url with - and _ and no padding', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(base64url(new Uint8Array([0xff]))).toBe('_w');
  });

  it('refuses a date that is not YYYY-MM-DD and a NIP that is not ten digits', () => {
    expect(() => ksefVerificationUrlFromHash('test', '1111111111', '01-02-2026', 'x')).toThrow(/date/);
    expect(() => ksefVerificationUrlFromHash('test', 'DE123456789', '2026-02-01', 'x')).toThrow(/NIP/);
  });
});
