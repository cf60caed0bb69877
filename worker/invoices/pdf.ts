import { BRAND, brandName, EVENT } from '../../site/event';
import { formatInvoiceAmount } from '../../site/format';
import {
  formatNip,
  type InvoiceLine,
  type InvoiceParty,
  type IssuedInvoice,
  isEuCountry,
  ossRateOf,
  type Proforma,
} from '../../site/invoices';
import { COLOURS, CONTENT_WIDTH, PAGE, Sheet, type TextStyle } from './pdf-kit';
import {
  type DocumentLanguages,
  invoiceTitle,
  invoiceTitleParts,
  type LabelKey,
  label,
  labelParts,
} from './pdf-labels';
import { replacesNote } from './replacement';

/**
 * The invoice and the pro-forma as PDF, as the buyer and their accountant open them: A4, every
 * element art. 106e of the VAT act asks of an invoice (106j of a correction), in Polish or in Polish
 * and English, the congress's name as text. Drawn with pdf-lib in the worker (no browser).
 */

const M = PAGE.margin;
const RIGHT = PAGE.width - M;
const amount = formatInvoiceAmount;
/** The sums' column on the right, and the column beside it for payment and KSeF. */
const SUMS_WIDTH = 300;
const SIDE = CONTENT_WIDTH - SUMS_WIDTH - 20;

/** Options of an invoice's PDF: its KSeF number and verification link once KSeF accepted it. */
export type InvoicePdfOptions = { ksef?: { number: string; verificationUrl: string } };

/** An issued invoice or correction as a PDF document. */
export async function invoicePdf(invoice: IssuedInvoice, options: InvoicePdfOptions = {}): Promise<Uint8Array> {
  const L = invoice.languages;
  const t = (key: LabelKey) => label(L, key);
  const correction = invoice.kind === 'KOR' || invoice.kind === 'KOR_ZAL';
  const advance = invoice.kind === 'ZAL' || invoice.kind === 'KOR_ZAL';
  const title = invoiceTitle(L, invoice.kind);
  const sheet = await Sheet.create({
    title: `${title} ${invoice.number}`,
    author: invoice.seller.name,
    subject: `${brandName()}: ${t('order')} ${invoice.orderCode}`,
    createdAt: new Date(invoice.issuedAt),
  });

  header(sheet, L, {
    title: invoiceTitleParts(invoice.kind).pl,
    titleEn: L === 'pl' ? null : invoiceTitleParts(invoice.kind).en,
    numberLine: `${t('number')} ${invoice.number}`,
    orderCode: invoice.orderCode,
    dates: [
      [t('issuedOn'), invoice.issuedOn],
      // An advance invoice states when the payment came; any other the day of the supply, which
      // for a ticket (on site or online) is the congress's day.
      advance ? [t('paidOn'), invoice.paidOn] : [t('suppliedOn'), EVENT.date],
    ],
  });
  if (invoice.example) banner(sheet, L, 'exampleTitle', 'exampleText');
  parties(sheet, L, invoice.seller, invoice.buyer);
  if (invoice.correction) {
    const { of, reason } = invoice.correction;
    box(sheet, [
      [
        { text: `${t('correctionOf')}: `, style: { color: COLOURS.muted } },
        { text: of.number, style: { bold: true } },
        { text: ` ${t('correctedIssuedOn')} ${of.issuedOn}` },
      ],
      [
        { text: `${t('correctedKsef')}: `, style: { color: COLOURS.muted } },
        {
          text: of.ksefNumber ?? t(invoice.example ? 'correctedNotInKsef' : 'correctedKsefPending'),
          style: { bold: true },
        },
      ],
      [{ text: `${t('reason')}: `, style: { color: COLOURS.muted } }, { text: reason }],
    ]);
  }
  // An invoice issued in place of one corrected to zero (a wrong tax number) says which, in words.
  if (invoice.replaces) {
    const note = replacesNote(invoice.replaces);
    box(sheet, [
      [{ text: note.pl, style: { bold: true } }],
      ...(L === 'pl' ? [] : [[{ text: note.en, style: { color: COLOURS.muted } }]]),
    ]);
  }
  const before = invoice.correction?.buyerBefore;
  if (before) return buyerDataCorrection(sheet, L, invoice, before, options);
  lineItems(sheet, L, invoice.lines, correction ? 'correctionItems' : 'items');

  // The sums on the right; payment and KSeF on the left, beside them.
  const rates = new Set(invoice.lines.map((l) => l.vatRate)).size;
  const payment: [string, string][] = correction
    ? []
    : [
        [t('paid'), amount(invoice.totals.gross)],
        [t('paymentMethod'), t(invoice.paymentMethod)],
        [t('paymentDate'), invoice.paidOn],
      ];
  sheet.ensure(
    Math.max(
      summaryHeight(L, rates) + (invoice.reverseCharge ? 90 : 0) + (invoice.totals.gross < 0 ? 20 : 0),
      (payment.length ? 100 : 0) + (options.ksef ? 150 : 50),
    ),
  );
  const top = sheet.y;
  let left = top;
  if (payment.length) left = stacked(sheet, M, SIDE, left, t('payment'), payment) - 14;
  left = ksefBlock(sheet, L, left, invoice.example, options.ksef);

  summary(sheet, L, invoice.lines, invoice.totals);
  if (correction) {
    emphasis(sheet, t('correctionTotal'), amount(invoice.totals.gross));
    if (invoice.totals.gross < 0) emphasis(sheet, t('toRefund'), amount(-invoice.totals.gross), false);
  } else {
    emphasis(sheet, t('totalDue'), amount(invoice.totals.gross));
  }
  if (invoice.reverseCharge) reverseCharge(sheet, L);
  sheet.y = Math.min(sheet.y, left);
  undrawableNote(sheet, L, 'undrawable');

  footer(sheet, L, `${invoice.seller.name} · ${invoice.number}`);
  return sheet.save();
}

/**
 * The rest of a correction of the buyer's data (art. 106j ust. 2 pkt 5: the data as corrected): the
 * buyer before and after side by side, no lines and no sums, a line saying the amounts stand.
 */
async function buyerDataCorrection(
  sheet: Sheet,
  L: DocumentLanguages,
  invoice: IssuedInvoice,
  before: InvoiceParty,
  options: InvoicePdfOptions,
): Promise<Uint8Array> {
  sideBySide(sheet, L, 130, ['dataBefore', before], ['dataAfter', invoice.buyer]);
  box(sheet, [[{ text: label(L, 'amountsUnchanged'), style: { bold: true } }]]);
  sheet.ensure(options.ksef ? 150 : 50);
  ksefBlock(sheet, L, sheet.y, invoice.example, options.ksef);
  undrawableNote(sheet, L, 'undrawable');
  footer(sheet, L, `${invoice.seller.name} · ${invoice.number}`);
  return sheet.save();
}

/** A pro-forma for payment by transfer as a PDF document: what to pay, where, with which title, by when. */
export async function proformaPdf(proforma: Proforma): Promise<Uint8Array> {
  const L = proforma.languages;
  const t = (key: LabelKey) => label(L, key);
  const sheet = await Sheet.create({
    title: `${labelParts('proforma').pl} ${proforma.orderCode}`,
    author: proforma.seller.name,
    subject: `${brandName()}: ${t('order')} ${proforma.orderCode}`,
    createdAt: new Date(`${proforma.issuedOn}T12:00:00Z`),
  });
  header(sheet, L, {
    title: labelParts('proforma').pl,
    titleEn: L === 'pl' ? null : labelParts('proforma').en,
    numberLine: `${t('order')} ${proforma.orderCode}`,
    orderCode: null,
    dates: [
      [t('issuedOn'), proforma.issuedOn],
      [t('payUntil'), proforma.payUntil],
    ],
  });
  box(sheet, [[{ text: t('proformaNotInvoice'), style: { bold: true } }]], COLOURS.accentSoft);
  if (proforma.example) banner(sheet, L, 'exampleProformaTitle', 'exampleProformaText');
  parties(sheet, L, proforma.seller, proforma.buyer);
  lineItems(sheet, L, proforma.lines, 'items');

  // The sums on the right; where to pay, beside them.
  const rates = new Set(proforma.lines.map((l) => l.vatRate)).size;
  sheet.ensure(Math.max(summaryHeight(L, rates) + (proforma.reverseCharge ? 90 : 0), L === 'pl' ? 150 : 200));
  const left = stacked(sheet, M, SIDE, sheet.y, t('transferHeading'), [
    [t('transferTitle'), proforma.transferTitle, { strong: true }],
    [t('payUntil'), proforma.payUntil, { strong: true }],
    [t('bankAccount'), proforma.bank.iban, { unbroken: true }],
    [t('bank'), proforma.bank.name],
    [t('swift'), proforma.bank.swift],
  ]);
  summary(sheet, L, proforma.lines, proforma.totals);
  emphasis(sheet, t('amountToPay'), amount(proforma.totals.gross));
  if (proforma.reverseCharge) reverseCharge(sheet, L);
  sheet.y = Math.min(sheet.y, left) - 6;
  sheet.paragraph(t('transferNote'), M, CONTENT_WIDTH, { size: 8, color: COLOURS.muted });
  undrawableNote(sheet, L, 'undrawableProforma');

  footer(sheet, L, `${proforma.seller.name} · ${labelParts('proforma').pl} ${proforma.orderCode}`);
  return sheet.save();
}

/** The congress's name, the title and number, and the dates on the right. */
function header(
  sheet: Sheet,
  L: DocumentLanguages,
  head: {
    title: string;
    titleEn: string | null;
    numberLine: string;
    orderCode: string | null;
    dates: [string, string][];
  },
): void {
  const top = sheet.y;
  // The name as the site sets it: "AI" in the accent colour.
  let x = M;
  for (const [part, color] of [
    [`${BRAND.name} `, COLOURS.ink],
    [BRAND.highlight, COLOURS.accent],
    [` ${BRAND.suffix}`, COLOURS.ink],
  ] as const) {
    sheet.text(part, x, top - 12, { size: 13, bold: true, color });
    x += sheet.width(part, { size: 13, bold: true });
  }
  if (head.orderCode) {
    sheet.text(`${label(L, 'order')}: ${head.orderCode}`, M, top - 12, {
      size: 8.5,
      color: COLOURS.muted,
      align: 'right',
      width: CONTENT_WIDTH,
    });
  }
  sheet.rule(M, top - 22, CONTENT_WIDTH, COLOURS.accent, 1.5);

  let left = top - 50;
  sheet.text(head.title, M, left, { size: 20, bold: true });
  if (head.titleEn) {
    left -= 16;
    sheet.text(head.titleEn, M, left, { size: 11, color: COLOURS.muted });
  }
  left -= 20;
  sheet.text(head.numberLine, M, left, { size: 12, bold: true });

  const datesX = M + 270;
  const datesWidth = CONTENT_WIDTH - 270;
  let right = top - 36;
  for (const [name, value] of head.dates) {
    sheet.text(name, datesX, right, { size: 7.5, color: COLOURS.muted, align: 'right', width: datesWidth });
    right -= 13;
    sheet.text(value, datesX, right, { size: 10, bold: true, align: 'right', width: datesWidth });
    right -= 14;
  }
  sheet.y = Math.min(left, right + 14) - 18;
}

/** A red box that says the document is an example and not valid. */
function banner(sheet: Sheet, L: DocumentLanguages, title: LabelKey, text: LabelKey): void {
  const inner = CONTENT_WIDTH - 20;
  const lines: { text: string; style: TextStyle }[] = [];
  const titleStyle = { size: 10, bold: true, color: COLOURS.warning };
  const textStyle = { size: 8.5, color: COLOURS.warning };
  for (const line of sheet.wrap(label(L, title), inner, titleStyle)) lines.push({ text: line, style: titleStyle });
  for (const line of sheet.wrap(label(L, text), inner, textStyle)) lines.push({ text: line, style: textStyle });
  const height = lines.reduce((sum, line) => sum + (line.style.size ?? 9) * 1.4, 0) + 12;
  sheet.ensure(height + 12);
  sheet.rect(M, sheet.y - height, CONTENT_WIDTH, height, COLOURS.warningSoft, COLOURS.warning);
  let y = sheet.y - 6;
  for (const line of lines) {
    const size = line.style.size ?? 9;
    y -= size * 1.4;
    sheet.text(line.text, M + 10, y + size * 0.35, line.style);
  }
  sheet.y -= height + 14;
}

type Run = { text: string; style?: TextStyle };

/**
 * A shaded box of lines across `width` from `x`, each a run of differently styled pieces (wrapped
 * as one plain text when too long for a line).
 */
function box(sheet: Sheet, rows: Run[][], fill = COLOURS.shade, x: number = M, width: number = CONTENT_WIDTH): void {
  const inner = width - 20;
  const size = 8.5;
  const leading = size * 1.45;
  const laid = rows.map((runs) => {
    const runsWidth = runs.reduce((sum, run) => sum + sheet.width(run.text, { ...run.style, size }), 0);
    if (runsWidth <= inner) return { runs, lines: null };
    const style = runs.length === 1 ? runs[0]?.style : undefined;
    return { runs, lines: sheet.wrap(runs.map((r) => r.text).join(''), inner, { ...style, size }), style };
  });
  const height = laid.reduce((sum, row) => sum + (row.lines?.length ?? 1) * leading, 0) + 12;
  sheet.ensure(height + 12);
  sheet.rect(x, sheet.y - height, width, height, fill);
  let y = sheet.y - 6;
  for (const row of laid) {
    if (!row.lines) {
      y -= leading;
      let cx = x + 10;
      for (const run of row.runs) {
        sheet.text(run.text, cx, y + 3, { ...run.style, size });
        cx += sheet.width(run.text, { ...run.style, size });
      }
      continue;
    }
    for (const line of row.lines) {
      y -= leading;
      sheet.text(line, x + 10, y + 3, { ...row.style, size });
    }
  }
  sheet.y -= height + 12;
}

/** Seller and buyer side by side: name, address, country, tax number. */
function parties(sheet: Sheet, L: DocumentLanguages, seller: InvoiceParty, buyer: InvoiceParty): void {
  sideBySide(sheet, L, 110, ['seller', seller], ['buyer', buyer]);
}

/** Two parties in two columns under their headings, at least `height` points kept free for them. */
function sideBySide(
  sheet: Sheet,
  L: DocumentLanguages,
  height: number,
  left: [LabelKey, InvoiceParty],
  right: [LabelKey, InvoiceParty],
): void {
  const gap = 24;
  const width = (CONTENT_WIDTH - gap) / 2;
  sheet.ensure(height);
  const top = sheet.y;
  const bottoms = [
    party(sheet, L, label(L, left[0]), left[1], M, width, top),
    party(sheet, L, label(L, right[0]), right[1], M + width + gap, width, top),
  ];
  sheet.y = Math.min(...bottoms) - 16;
}

function party(
  sheet: Sheet,
  L: DocumentLanguages,
  heading: string,
  p: InvoiceParty,
  x: number,
  width: number,
  top: number,
): number {
  let y = top - 9;
  sheet.text(heading.toUpperCase(), x, y, { size: 7.5, bold: true, color: COLOURS.accent });
  sheet.rule(x, y - 5, width);
  y -= 8;
  const lines: [string, TextStyle][] = [
    ...sheet
      .wrap(p.name, width, { size: 10, bold: true })
      .map((line): [string, TextStyle] => [line, { size: 10, bold: true }]),
    [p.street, {}],
    [`${p.postalCode} ${p.city}`, {}],
    [countryName(L, p.country), {}],
  ];
  const tax = taxLine(L, p);
  if (tax) lines.push([tax, { bold: true }]);
  for (const [text, style] of lines) {
    for (const line of sheet.wrap(text, width, style)) {
      y -= (style.size ?? 9) * 1.4;
      sheet.text(line, x, y, style);
    }
  }
  return y;
}

/**
 * The party's tax number as the VAT act names it: NIP for a Polish party, the VAT number with its
 * prefix for a business elsewhere in the EU, another country's tax number; none for a private person.
 */
function taxLine(L: DocumentLanguages, p: InvoiceParty): string | null {
  if (!p.taxId) return null;
  if (p.country === 'PL') return `${label(L, 'nip')}: ${formatNip(p.taxId)}`;
  return `${label(L, isEuCountry(p.country) ? 'euVatId' : 'taxId')}: ${p.taxId}`;
}

function countryName(L: DocumentLanguages, code: string): string {
  const name = (lang: string) => new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  const pl = name('pl');
  const en = name('en');
  return L === 'pl' || pl === en ? pl : `${pl} / ${en}`;
}

type Column = { title: string; width: number; align: 'left' | 'right' | 'center' };
type Cell = { text: string; sub?: string; bold?: boolean };

/**
 * A table with a shaded header row, repeated at the top of a new page. Text cells wrap; numeric
 * (right-aligned) cells shrink to fit their column rather than wrap.
 */
function table(sheet: Sheet, x: number, columns: Column[], rows: Cell[][], last?: Cell[]): void {
  const pad = 4;
  const size = 8.5;
  const leading = size * 1.35;
  const width = columns.reduce((sum, c) => sum + c.width, 0);

  const drawHeader = () => {
    // A bilingual title breaks between its languages first: "Ilość" over "Qty".
    const wrapped = columns.map((c) =>
      c.title.split(' / ').flatMap((part) => sheet.wrap(part, c.width - 2 * pad, { size: 7, bold: true })),
    );
    const height = Math.max(...wrapped.map((w) => w.length)) * 8.5 + 2 * pad + 2;
    sheet.ensure(height + leading + 2 * pad);
    sheet.rect(x, sheet.y - height, width, height, COLOURS.shade);
    let cx = x;
    columns.forEach((c, i) => {
      let y = sheet.y - pad - 7;
      for (const line of wrapped[i] ?? []) {
        sheet.text(line, cx + pad, y, {
          size: 7,
          bold: true,
          color: COLOURS.muted,
          align: c.align,
          width: c.width - 2 * pad,
        });
        y -= 8.5;
      }
      cx += c.width;
    });
    sheet.y -= height;
  };

  const drawRow = (cells: Cell[], total: boolean) => {
    const laid = cells.map((cell, i) => {
      const c = columns[i] as Column;
      const inner = c.width - 2 * pad;
      const style = { size, bold: cell.bold || total };
      // A number shrinks to fit rather than wrap; its note under it (a voucher's discount) wraps.
      const sub = cell.sub ? sheet.wrap(cell.sub, inner, { size: 7.5 }) : [];
      if (c.align === 'right') return { main: [cell.text], sub, size: sheet.fit(cell.text, inner, style) };
      return {
        main: sheet.wrap(cell.text, inner, style),
        sub,
        size,
      };
    });
    const height = Math.max(...laid.map((l) => l.main.length * leading + l.sub.length * 7.5 * 1.3)) + 2 * pad;
    const before = sheet.pages.length;
    sheet.ensure(height);
    if (sheet.pages.length > before) drawHeader();
    let cx = x;
    laid.forEach((l, i) => {
      const c = columns[i] as Column;
      let y = sheet.y - pad - size;
      for (const line of l.main) {
        sheet.text(line, cx + pad, y, {
          size: l.size,
          bold: cells[i]?.bold || total,
          align: c.align,
          width: c.width - 2 * pad,
        });
        y -= leading;
      }
      for (const line of l.sub) {
        sheet.text(line, cx + pad, y + 1, {
          size: 7.5,
          color: COLOURS.muted,
          align: c.align,
          width: c.width - 2 * pad,
        });
        y -= 7.5 * 1.3;
      }
      cx += c.width;
    });
    sheet.y -= height;
    sheet.rule(x, sheet.y, width, total ? COLOURS.ink : COLOURS.line, total ? 1 : 0.5);
  };

  drawHeader();
  for (const row of rows) drawRow(row, false);
  if (last) drawRow(last, true);
}

function rateText(L: DocumentLanguages, rate: InvoiceLine['vatRate']): string {
  if (rate === 'np' || rate === 'outside') return label(L, 'notTaxed');
  // An OSS line: the member state's rate, and which state (the VAT is that state's, not Poland's).
  const oss = ossRateOf(rate);
  return oss ? `${oss.rate.toLocaleString(L === 'pl' ? 'pl-PL' : 'en-GB')}% ${oss.country}` : `${rate}%`;
}

/** The order of the rates in the summary: 23%, the OSS rate, then the untaxed lines. */
const rateRank = (rate: InvoiceLine['vatRate']) => (rate === 23 ? 0 : rate === 'np' ? 2 : rate === 'outside' ? 3 : 1);

/** The invoice's lines: what, how many, at which net price, the VAT rate and amounts. */
function lineItems(sheet: Sheet, L: DocumentLanguages, lines: InvoiceLine[], heading: LabelKey): void {
  const t = (key: LabelKey) => label(L, key);
  sectionHeading(sheet, t(heading));
  const columns: Column[] = [
    { title: t('lp'), width: 22, align: 'center' },
    { title: t('name'), width: 124, align: 'left' },
    { title: t('unit'), width: 34, align: 'center' },
    { title: t('quantity'), width: 30, align: 'right' },
    { title: t('unitNet'), width: 62, align: 'right' },
    { title: t('net'), width: 62, align: 'right' },
    { title: t('vatRate'), width: 44, align: 'right' },
    { title: t('vat'), width: 58, align: 'right' },
    { title: t('gross'), width: CONTENT_WIDTH - 436, align: 'right' },
  ];
  table(
    sheet,
    M,
    columns,
    lines.map((line, i) => [
      { text: String(i + 1) },
      { text: line.name.pl, ...(L === 'pl' ? {} : { sub: line.name.en }) },
      { text: labelParts('pieces').pl, ...(L === 'pl' ? {} : { sub: labelParts('pieces').en }) },
      { text: String(line.quantity) },
      // A voucher's discount under the list price it was taken from (FA(3) P_10).
      // A correction takes a discount back with its ticket (P_10 negative): the discount is still shown as one.
      {
        text: amount(line.unitNet),
        ...(line.discount ? { sub: `${t('discount')} -${amount(Math.abs(line.discount))}` } : {}),
      },
      { text: amount(line.net) },
      { text: rateText(L, line.vatRate) },
      { text: amount(line.vat) },
      { text: amount(line.gross) },
    ]),
  );
  sheet.y -= 14;
}

/** Net, VAT and gross per VAT rate, and the totals, in the sums' column. */
function summary(
  sheet: Sheet,
  L: DocumentLanguages,
  lines: InvoiceLine[],
  totals: { net: number; vat: number; gross: number },
): void {
  const t = (key: LabelKey) => label(L, key);
  const byRate = new Map<InvoiceLine['vatRate'], { net: number; vat: number; gross: number }>();
  for (const line of lines) {
    const sum = byRate.get(line.vatRate) ?? { net: 0, vat: 0, gross: 0 };
    byRate.set(line.vatRate, { net: sum.net + line.net, vat: sum.vat + line.vat, gross: sum.gross + line.gross });
  }
  // 23% first, then an OSS rate, then the reverse-charge and untaxed lines.
  const rates = [...byRate.keys()].sort((a, b) => rateRank(a) - rateRank(b));
  const x = RIGHT - SUMS_WIDTH;
  sheet.text(t('summary').toUpperCase(), x, sheet.y - 9, { size: 7.5, bold: true, color: COLOURS.accent });
  sheet.y -= 15;
  table(
    sheet,
    x,
    [
      { title: t('vatRate'), width: SUMS_WIDTH / 4, align: 'left' },
      { title: t('net'), width: SUMS_WIDTH / 4, align: 'right' },
      { title: t('vat'), width: SUMS_WIDTH / 4, align: 'right' },
      { title: t('gross'), width: SUMS_WIDTH / 4, align: 'right' },
    ],
    rates.map((rate) => {
      const sum = byRate.get(rate) as { net: number; vat: number; gross: number };
      return [
        { text: rateText(L, rate) },
        { text: amount(sum.net) },
        { text: amount(sum.vat) },
        { text: amount(sum.gross) },
      ];
    }),
    [{ text: t('total') }, { text: amount(totals.net) }, { text: amount(totals.vat) }, { text: amount(totals.gross) }],
  );
  sheet.y -= 10;
}

/** About how tall the sums' column is with `rates` VAT rates, to keep it on one page. */
const summaryHeight = (L: DocumentLanguages, rates: number) => 15 + (L === 'pl' ? 20 : 30) + (rates + 1) * 20 + 10 + 32;

/** One amount that matters most, large, in the sums' column; its name wraps beside it when long. */
function emphasis(sheet: Sheet, name: string, value: string, strong = true): void {
  const valueStyle = { size: strong ? 13 : 10, bold: true };
  const nameStyle = { size: 8.5, bold: true, color: strong ? COLOURS.accent : COLOURS.muted };
  const names = sheet.wrap(name, SUMS_WIDTH - 16 - sheet.width(value, valueStyle) - 12, nameStyle);
  const height = Math.max(strong ? 26 : 20, names.length * 11 + 12);
  sheet.ensure(height + 6);
  const x = RIGHT - SUMS_WIDTH;
  if (strong) sheet.rect(x, sheet.y - height, SUMS_WIDTH, height, COLOURS.accentSoft);
  const middle = sheet.y - height / 2;
  names.forEach((line, i) => {
    sheet.text(line, x + 8, middle - 3 + ((names.length - 1) / 2 - i) * 11, nameStyle);
  });
  sheet.text(value, x, middle - 4.5, { ...valueStyle, align: 'right', width: SUMS_WIDTH - 8 });
  sheet.y -= height + 8;
}

/** The reverse-charge note the VAT act asks for ("odwrotne obciążenie"), with its legal basis. */
function reverseCharge(sheet: Sheet, L: DocumentLanguages): void {
  box(
    sheet,
    [
      [{ text: label(L, 'reverseCharge'), style: { bold: true } }],
      [{ text: labelParts('reverseChargeBasis').pl }],
      ...(L === 'pl' ? [] : [[{ text: labelParts('reverseChargeBasis').en, style: { color: COLOURS.muted } }]]),
    ],
    COLOURS.accentSoft,
    RIGHT - SUMS_WIDTH,
    SUMS_WIDTH,
  );
}

function sectionHeading(sheet: Sheet, text: string): void {
  sheet.ensure(40);
  sheet.text(text.toUpperCase(), M, sheet.y - 9, { size: 7.5, bold: true, color: COLOURS.accent });
  sheet.y -= 15;
}

/** A column's heading with a rule under it, from `top`; returns where the column's content starts. */
function columnHeading(sheet: Sheet, x: number, width: number, top: number, text: string, upper = true): number {
  sheet.text(upper ? text.toUpperCase() : text, x, top - 9, { size: 7.5, bold: true, color: COLOURS.accent });
  sheet.rule(x, top - 14, width);
  return top - 16;
}

/**
 * Label over value pairs under a heading, in a narrow column from `top`; returns where they end.
 * A `strong` value is larger; an `unbroken` one (an IBAN, which is copied) shrinks rather than wraps.
 */
function stacked(
  sheet: Sheet,
  x: number,
  width: number,
  top: number,
  heading: string,
  rows: [string, string, { strong?: boolean; unbroken?: boolean }?][],
): number {
  let y = columnHeading(sheet, x, width, top, heading);
  for (const [name, value, how = {}] of rows) {
    for (const line of sheet.wrap(name, width, { size: 7.5 })) {
      y -= 11;
      sheet.text(line, x, y, { size: 7.5, color: COLOURS.muted });
    }
    const style = { size: how.strong ? 10.5 : 9, bold: true };
    const values = how.unbroken ? [value] : sheet.wrap(value, width, style);
    for (const line of values) {
      y -= how.strong ? 13 : 12;
      sheet.text(line, x, y, { ...style, size: sheet.fit(line, width, style) });
    }
    y -= 3;
  }
  return y;
}

/**
 * KSeF, in the side column from `top` down: with the invoice's KSeF number, the verification code
 * (KOD I of the KSeF documentation, `kody-qr.md`) with that number as its label under it; without,
 * a line that the invoice has not been sent. Returns where it ends.
 */
function ksefBlock(
  sheet: Sheet,
  L: DocumentLanguages,
  top: number,
  example: boolean,
  ksef: InvoicePdfOptions['ksef'],
): number {
  // KSeF keeps its own spelling, not the other headings' capitals.
  let y = columnHeading(sheet, M, SIDE, top, 'KSeF', false);
  if (!ksef) {
    for (const line of sheet.wrap(label(L, example ? 'ksefExample' : 'ksefNotYet'), SIDE, { size: 8.5 })) {
      y -= 12;
      sheet.text(line, M, y, { size: 8.5, color: COLOURS.muted });
    }
    return y;
  }
  for (const line of sheet.wrap(`${label(L, 'ksefNumber')}:`, SIDE, { size: 7.5 })) {
    y -= 10;
    sheet.text(line, M, y, { size: 7.5, color: COLOURS.muted });
  }
  y -= 12;
  sheet.text(ksef.number, M, y, { size: sheet.fit(ksef.number, SIDE, { size: 8.5, bold: true }), bold: true });
  y -= 8;
  const qrSize = 96;
  sheet.qr(ksef.verificationUrl, M + (SIDE - qrSize) / 2, y, qrSize);
  y -= qrSize + 8;
  // The label the KSeF documentation asks for under the code: the invoice's KSeF number.
  sheet.text(ksef.number, M, y, { size: sheet.fit(ksef.number, SIDE, { size: 7 }), align: 'center', width: SIDE });
  y -= 6;
  for (const line of sheet.wrap(label(L, 'ksefVerify'), SIDE, { size: 7.5 })) {
    y -= 10;
    sheet.text(line, M, y, { size: 7.5, color: COLOURS.muted });
  }
  return y;
}

/** Every page's foot: who and which document, and the page of how many. */
/**
 * What `[…]` means, once a text had characters the typeface lacks: the reader learns that the data
 * are exact in the e-invoice rather than guessing at question marks.
 */
function undrawableNote(sheet: Sheet, L: DocumentLanguages, key: 'undrawable' | 'undrawableProforma'): void {
  if (!sheet.substituted) return;
  sheet.y -= 8;
  sheet.paragraph(label(L, key), M, CONTENT_WIDTH, { size: 8, color: COLOURS.muted });
}

function footer(sheet: Sheet, L: DocumentLanguages, text: string): void {
  const count = sheet.pages.length;
  sheet.pages.forEach((page, i) => {
    sheet.page = page;
    sheet.rule(M, 44, CONTENT_WIDTH);
    const pageText =
      L === 'pl'
        ? `${label('pl', 'page')} ${i + 1} ${label('pl', 'pageOf')} ${count}`
        : `${labelParts('page').pl} ${i + 1} ${labelParts('pageOf').pl} ${count} / ${labelParts('page').en} ${i + 1} ${labelParts('pageOf').en} ${count}`;
    const pageWidth = sheet.width(pageText, { size: 7 });
    const left = sheet.wrap(`${brandName()} · ${text}`, CONTENT_WIDTH - pageWidth - 16, { size: 7 })[0] ?? '';
    sheet.text(left, M, 32, { size: 7, color: COLOURS.muted });
    sheet.text(pageText, M, 32, { size: 7, color: COLOURS.muted, align: 'right', width: CONTENT_WIDTH });
  });
}
