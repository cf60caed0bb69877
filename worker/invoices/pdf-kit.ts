import fontkit, { type Font } from '@pdf-lib/fontkit';
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { qrMatrix } from '../../site/qr';
// Noto Sans cut to the characters an invoice can hold (scripts/invoice-fonts.mjs). `?inline` makes
// each a base64 data URL in the bundle: the one way of carrying a binary file that `vite build`
// (the Cloudflare plugin), the worker tests in workerd and the node tests all understand alike.
import boldFont from './fonts/noto-sans-bold.ttf?inline';
import regularFont from './fonts/noto-sans-regular.ttf?inline';

/**
 * Drawing primitives for the invoice documents (worker/invoices/pdf.ts): an A4 sheet that adds
 * pages as its content runs down, text in the embedded typeface with wrapping and alignment,
 * tables and vector QR codes. pdf-lib runs on plain JS (no Node APIs), so it works in workerd.
 */

/** A4 in PDF points, and the margins of every page. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48, bottom: 64 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

const hex = (value: string) =>
  rgb(
    Number.parseInt(value.slice(1, 3), 16) / 255,
    Number.parseInt(value.slice(3, 5), 16) / 255,
    Number.parseInt(value.slice(5, 7), 16) / 255,
  );

/** The brand's colours (worker/email/layout.ts), and a warning red for the example banner. */
export const COLOURS = {
  ink: hex('#0b1020'),
  muted: hex('#525a73'),
  line: hex('#dfe3ee'),
  accent: hex('#5b3df5'),
  accentSoft: hex('#ece8ff'),
  shade: hex('#f3f4f8'),
  warning: hex('#b42318'),
  warningSoft: hex('#fdecea'),
  white: rgb(1, 1, 1),
} as const;

export type TextStyle = { size?: number; bold?: boolean; color?: Color };

type Fonts = { regular: PDFFont; bold: PDFFont };
type Weight = keyof Fonts;

/**
 * A typeface decoded once per isolate, with the advance width of each character it has measured.
 * Layout measures every word it wraps; pdf-lib's own measure shapes the text with fontkit each
 * time, which made measuring most of a document's drawing time.
 */
type Face = { bytes: Uint8Array; font: Font; characters: Set<number>; advances: Map<number, number> };
const faces = new Map<Weight, Face>();

function face(weight: Weight): Face {
  let loaded = faces.get(weight);
  if (!loaded) {
    const base64 = (weight === 'bold' ? boldFont : regularFont).replace(/^data:[^,]*,/, '');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const font = fontkit.create(bytes);
    loaded = { bytes, font, characters: new Set(font.characterSet), advances: new Map() };
    faces.set(weight, loaded);
  }
  return loaded;
}

/**
 * What stands for a run of characters the embedded typeface cannot draw; the document explains it
 * (the exact text is in the e-invoice's XML, which holds every character).
 */
export const UNDRAWABLE = '[…]';

/** Document properties that viewers and archives show. */
export type DocumentInfo = { title: string; author: string; subject: string; createdAt: Date };

/**
 * A document being drawn, top to bottom: `y` is where the next block starts on the current page.
 * `ensure(height)` starts a new page when the block would run into the footer.
 */
export class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Whether any text drawn so far had characters the typeface lacks (shown as `UNDRAWABLE`). */
  substituted = false;
  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.addPage();
  }

  /**
   * A new document with the typeface embedded whole: the files are already cut to the characters
   * an invoice can hold. pdf-lib's own subsetting writes the font through fontkit's stream, whose
   * events go through a `process.nextTick` shim with one queue per isolate, drained by a timer of
   * whichever request queued first: two documents made at once (two downloads, a download and an
   * e-mail's attachment) left the second waiting on the first request's timer, and workerd
   * cancelled it as hung (three downloads at once: one PDF, two errors).
   */
  static async create(info: DocumentInfo): Promise<Sheet> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const [regular, bold] = await Promise.all([
      doc.embedFont(face('regular').bytes, { subset: false }),
      doc.embedFont(face('bold').bytes, { subset: false }),
    ]);
    doc.setTitle(info.title, { showInWindowTitleBar: true });
    doc.setAuthor(info.author);
    doc.setSubject(info.subject);
    doc.setCreator('Kongres AI Polska');
    doc.setProducer('pdf-lib');
    doc.setLanguage('pl-PL');
    // The document's own date, not the clock's: a copy rendered again later says when it was issued.
    doc.setCreationDate(info.createdAt);
    doc.setModificationDate(info.createdAt);
    return new Sheet(doc, { regular, bold });
  }

  addPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` more points fit above the footer. */
  ensure(height: number): void {
    if (this.y - height < PAGE.bottom) this.addPage();
  }

  font(bold = false): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /**
   * The text as the typeface can draw it: in NFC (a decomposed `Z` + combining dot is the `Ż` the
   * font has), on one line, and each run of characters the typeface lacks (Chinese, Arabic, emoji:
   * the worker carries no fonts of megabytes) as `UNDRAWABLE`, never a silent `?` or a blank box.
   * `substituted` then tells the document to say what the mark means (`pdf.ts`).
   */
  printable(text: string): string {
    const { characters } = face('regular');
    let out = '';
    let missing = false;
    for (const c of text.normalize('NFC').replace(/[\t\r\n]+/g, ' ')) {
      if (characters.has(c.codePointAt(0) ?? 0)) {
        out += c;
        missing = false;
      } else if (!missing) {
        out += UNDRAWABLE;
        missing = true;
        this.substituted = true;
      }
    }
    return out;
  }

  /** The text's width in points: the sum of its characters' advances (no kerning, as pdf-lib draws it). */
  width(text: string, style: TextStyle = {}): number {
    const { font, advances } = face(style.bold ? 'bold' : 'regular');
    let units = 0;
    for (const c of this.printable(text)) {
      const codePoint = c.codePointAt(0) ?? 0;
      let advance = advances.get(codePoint);
      if (advance === undefined) {
        advance = font.glyphForCodePoint(codePoint).advanceWidth;
        advances.set(codePoint, advance);
      }
      units += advance;
    }
    return (units * (style.size ?? 9)) / font.unitsPerEm;
  }

  /**
   * One line of text with its baseline at `y`; `align` right or center places it against `x` or
   * in the `width` from `x`.
   */
  text(
    text: string,
    x: number,
    y: number,
    style: TextStyle & { align?: 'left' | 'right' | 'center'; width?: number } = {},
  ): void {
    const size = style.size ?? 9;
    const value = this.printable(text);
    const font = this.font(style.bold);
    const textWidth = this.width(value, style);
    const box = style.width ?? 0;
    const left =
      style.align === 'right' ? x + box - textWidth : style.align === 'center' ? x + (box - textWidth) / 2 : x;
    this.page.drawText(value, { x: left, y, size, font, color: style.color ?? COLOURS.ink });
  }

  /** The text broken into lines no wider than `width` (at spaces, or inside a word too long for a line). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.printable(text).split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      // A word wider than the line (an IBAN without spaces, a long e-mail) is cut where it must be.
      while (this.width(line, style) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && this.width(line.slice(0, cut), style) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }

  /** The largest size up to `size` at which the text fits in `width` (amounts in narrow columns). */
  fit(text: string, width: number, style: TextStyle = {}): number {
    let size = style.size ?? 9;
    while (size > 5 && this.width(text, { ...style, size }) > width) size -= 0.25;
    return size;
  }

  /** Wrapped text from the cursor down; returns the height it took. */
  paragraph(text: string, x: number, width: number, style: TextStyle & { leading?: number } = {}): number {
    const size = style.size ?? 9;
    const leading = style.leading ?? size * 1.35;
    const lines = this.wrap(text, width, style);
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      this.text(line, x, this.y + (leading - size) * 0.6, style);
    }
    return lines.length * leading;
  }

  rect(x: number, y: number, width: number, height: number, fill: Color, border?: Color): void {
    this.page.drawRectangle({
      x,
      y,
      width,
      height,
      color: fill,
      ...(border ? { borderColor: border, borderWidth: 0.75 } : {}),
    });
  }

  rule(x: number, y: number, width: number, color: Color = COLOURS.line, thickness = 0.75): void {
    this.page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness, color });
  }

  /**
   * A QR code as vector squares, `size` points wide with its quiet zone, its top left corner at
   * (`x`, `top`): one filled path of a rectangle per run of dark modules in a row, so viewers draw
   * no seams between modules, and the code stays sharp at any zoom and in print.
   */
  qr(text: string, x: number, top: number, size: number): void {
    const modules = qrMatrix(text);
    const module = size / modules.length;
    this.rect(x, top - size, size, size, COLOURS.white);
    let path = '';
    modules.forEach((row, r) => {
      let start = -1;
      row.forEach((dark, c) => {
        if (dark && start < 0) start = c;
        const end = dark && c === row.length - 1 ? c + 1 : dark ? -1 : c;
        if (start >= 0 && end >= 0) {
          path += `M${start} ${r}h${end - start}v1h${start - end}z`;
          start = -1;
        }
      });
    });
    this.page.drawSvgPath(path, { x, y: top, scale: module, color: COLOURS.ink, borderWidth: 0 });
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
