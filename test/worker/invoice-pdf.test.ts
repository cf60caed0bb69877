import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatInvoiceAmount } from '../../site/format';
import { invoicePdf, proformaPdf } from '../../worker/invoices/pdf';
import * as fixture from '../support/invoice-pdf-fixtures';

// Runs inside workerd: the PDFs are drawn with the worker's own runtime (no Node APIs, no
// browser), and read back with pdf-lib to show they are whole documents. Their text is checked in
// Node, with pdf.js (test/node/invoice-pdf-text.test.ts).

async function reload(bytes: Uint8Array) {
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** The compressed sizes of the embedded font programs (`FontFile2` of each font descriptor). */
function fontFiles(doc: PDFDocument): number[] {
  const sizes: number[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = object.lookup(PDFName.of('FontFile2'));
    if (file instanceof PDFRawStream) sizes.push(file.contents.length);
  }
  return sizes;
}

describe('invoice PDFs in workerd', () => {
  it.each([
    ['a VAT invoice', fixture.issuedInvoice(), 'Faktura FV/2027/00042'],
    ['an advance invoice (ZAL)', fixture.advanceInvoice(), 'Faktura zaliczkowa FV/2027/00043'],
    ['a correction (KOR)', fixture.correction('KOR'), 'Faktura korygująca KOR/2027/00001'],
    [
      'a correction of an advance invoice (KOR_ZAL)',
      fixture.correction('KOR_ZAL'),
      'Faktura korygująca KOR/2027/00001',
    ],
    [
      'an invoice in Polish and English under reverse charge',
      fixture.euInvoice({ example: true }),
      'Faktura zaliczkowa / Advance invoice FV/2027/00044',
    ],
  ])('renders %s as one A4 page', async (_, invoice, title) => {
    const doc = await reload(await invoicePdf(invoice));
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe(title);
    expect(doc.getCreationDate()?.toISOString()).toBe(new Date(invoice.issuedAt).toISOString());
  });

  it('renders an invoice with its KSeF number and verification code on one page', async () => {
    const doc = await reload(await invoicePdf(fixture.euInvoice(), { ksef: fixture.KSEF }));
    expect(doc.getPageCount()).toBe(1);
  });

  it('renders a pro-forma, in Polish and in Polish and English', async () => {
    for (const languages of ['pl', 'pl+en'] as const) {
      const doc = await reload(await proformaPdf(fixture.proforma({ languages, example: true })));
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getTitle()).toBe('Faktura pro forma KAI-7Q4M');
    }
  });

  it('embeds the typeface once per weight, compressed', async () => {
    const doc = await reload(await invoicePdf(fixture.issuedInvoice()));
    const fonts = fontFiles(doc);
    // Regular and bold, each the whole file cut to an invoice's characters (scripts/invoice-fonts.mjs,
    // about 39 KB), deflated in the PDF.
    expect(fonts).toHaveLength(2);
    for (const size of fonts) expect(size).toBeLessThan(30_000);
  });

  it('runs onto further pages when the lines do not fit on one, the table header repeated', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => fixture.line('online-premium', i + 1, 499_00));
    const doc = await reload(await invoicePdf(fixture.issuedInvoice({ lines })));
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });

  it('prints a name in a script the typeface lacks without failing', async () => {
    const buyer = { ...fixture.PERSON, name: '株式会社 Łódź' };
    const doc = await reload(await invoicePdf(fixture.advanceInvoice({ buyer, buyerKind: 'person' })));
    expect(doc.getPageCount()).toBe(1);
  });

  it('formats amounts and countries in workerd as the text tests read them in Node', () => {
    // The text checks run in Node (test/node); the documents are made here, with workerd's ICU.
    expect(formatInvoiceAmount(1_228_77)).toBe('1\u00a0228,77\u00a0zł');
    expect(formatInvoiceAmount(-229_77)).toBe('-229,77\u00a0zł');
    expect(new Intl.DisplayNames(['pl'], { type: 'region' }).of('DE')).toBe('Niemcy');
  });
});
