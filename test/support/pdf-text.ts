import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import decodeQR from 'qr/decode.js';

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

/** The first page drawn into pixels by pdf.js, and the QR code found in them. */
export async function qrOnFirstPage(bytes: Uint8Array): Promise<string> {
  const doc = await open(bytes);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 2 });
  // In Node, pdf.js draws on @napi-rs/canvas through its own canvas factory (not in its types).
  type Pixels = { width: number; height: number; data: Uint8ClampedArray };
  type Context = { getImageData(x: number, y: number, width: number, height: number): Pixels };
  const { canvasFactory } = doc as unknown as {
    canvasFactory: { create(width: number, height: number): { canvas: never; context: Context } };
  };
  const { canvas, context } = canvasFactory.create(viewport.width, viewport.height);
  await page.render({ canvas, canvasContext: context as never, viewport }).promise;
  const image = context.getImageData(0, 0, viewport.width, viewport.height);
  return decodeQR({ width: image.width, height: image.height, data: image.data });
}
