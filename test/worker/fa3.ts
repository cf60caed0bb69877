import { expect, inject } from 'vitest';
import type { IssuedInvoice } from '../../site/invoices';
import { invoiceXml } from '../../worker/invoices/documents';

/**
 * Expects FA(3) documents to validate against KSeF's official schema, by xmllint in Node
 * (test/support/schema-validator.setup.ts), all in one run.
 */
export async function expectValidFa3(...xmls: string[]): Promise<void> {
  const response = await fetch(`${inject('schemaValidator')}/fa3`, { method: 'POST', body: JSON.stringify(xmls) });
  const results = (await response.json()) as { valid: boolean; errors: string }[];
  expect(results).toHaveLength(xmls.length);
  for (const result of results) {
    expect(result.errors, 'xmllint against schemat_FA(3)_v1-0E.xsd').toMatch(/validates$/);
    expect(result.valid).toBe(true);
  }
}

/** Expects every one of these invoices' FA(3) XML to validate. */
export async function expectValidInvoices(invoices: IssuedInvoice[]): Promise<void> {
  await expectValidFa3(...invoices.map(invoiceXml));
}

// The validator's address, provided by test/support/schema-validator.setup.ts.
declare module 'vitest' {
  export interface ProvidedContext {
    schemaValidator: string;
  }
}
