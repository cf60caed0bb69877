import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// PDFs read back with pdf.js, as a viewer or an accountant's software reads them: each text run
// becomes one item, and the items are joined with " | " in drawing order, so "Data wystawienia |
// 2027-05-04" is that label with that value.

/** A PDF opened by pdf.js. */
export async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes the buffer over: give it a copy.
  return getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
}

/** A PDF's text as a viewer reads it: its text runs in drawing order, joined with " | ". */
export async function textOf(bytes: Uint8Array): Promise<string> {
  const doc = await open(bytes);
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) {
      // No-break spaces (Polish amounts: "1 228,77 zł") read as plain spaces.
      const text = 'str' in item ? item.str.replace(/\s+/g, ' ').trim() : '';
      if (text) items.push(text);
    }
  }
  return items.join(' | ');
}
