import { LANGUAGE_CODES, type LanguageCode } from './languages';
import type { PartnerPackage } from './partners';
import { PLAIN_EMAIL } from './text';
import { PRODUCT_IDS, type ProductId } from './tickets';

/**
 * Free tickets (comps) and partner allotments: tickets organisers give away. A free ticket is an
 * order paid at 0 (provider `free`) whose reason is kept with it; it takes its place from the stock
 * like a bought one, is delivered like one, and never gets an invoice (no number of the series is
 * taken). The box office issues them (worker/box-office/comps.ts); the console and the partner's
 * page read the rules here.
 */

/** Why a ticket is free: what reports show beside it. */
export const COMP_REASONS = ['speaker', 'press', 'partner', 'guest'] as const;
export type CompReason = (typeof COMP_REASONS)[number];

/** How many rows one batch takes at most (a list of speakers, of press, of a gala's guests). */
export const MAX_COMP_ROWS = 500;

/** One row of a batch: a holder, their e-mail, a product other than the batch's, their language. */
export type CompRow = { name: string; email: string; product?: ProductId; lang?: LanguageCode; line?: number };

/** Why a row is refused. */
export type CompRowProblem =
  | 'name_missing'
  | 'name_too_long'
  | 'email_invalid'
  | 'product_unknown'
  | 'lang_unknown'
  | 'duplicate';

/** A refused row: its line (in the pasted text or the file), and each reason. */
export type CompRowReport = { line: number; problems: CompRowProblem[] };

/** A batch as organisers send it (`POST /api/admin/comps`). */
export type CompBatchInput = { reason: CompReason; product: ProductId; note?: string; rows: CompRow[] };

/** What a batch issued: one order (one ticket) per row, in the rows' order. */
export type CompBatch = {
  id: string;
  reason: CompReason;
  product: ProductId;
  note: string | null;
  by: string;
  createdAt: string;
  orders: { id: string; code: string; name: string; email: string; product: ProductId }[];
};

const NAME_MAX = 120;

/**
 * Checks every row of a batch (unchanged input, as the organiser sent it): a name, a plain e-mail,
 * a known product and language when given, and no holder twice for the same product. Returns the
 * refused rows; empty when the whole batch may be issued.
 */
export function checkCompRows(
  rows: readonly Partial<Record<keyof CompRow, unknown>>[],
  product: ProductId,
): CompRowReport[] {
  const seen = new Set<string>();
  const report: CompRowReport[] = [];
  rows.forEach((row, index) => {
    const problems: CompRowProblem[] = [];
    const name = typeof row.name === 'string' ? row.name.trim() : '';
    const email = typeof row.email === 'string' ? row.email.trim().toLowerCase() : '';
    if (!name) problems.push('name_missing');
    else if (name.length > NAME_MAX) problems.push('name_too_long');
    if (!PLAIN_EMAIL.test(email) || email.length > 254) problems.push('email_invalid');
    const own = row.product === undefined || row.product === '' ? product : row.product;
    if (!PRODUCT_IDS.includes(own as ProductId)) problems.push('product_unknown');
    if (row.lang !== undefined && row.lang !== '' && !LANGUAGE_CODES.includes(row.lang as LanguageCode)) {
      problems.push('lang_unknown');
    }
    const key = `${email}\n${String(own)}`;
    if (email && seen.has(key)) problems.push('duplicate');
    seen.add(key);
    if (problems.length) {
      report.push({ line: typeof row.line === 'number' ? row.line : index + 1, problems });
    }
  });
  return report;
}

/** Splits one line of a CSV (comma, semicolon or tab; double quotes around a field). */
function splitLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

const HEADER = /^(name|imi[eę]|imię i nazwisko|e-?mail|product|produkt|lang|język)$/i;

/**
 * The rows of pasted lines or a CSV file: `name, e-mail[, product][, language]` per line, separated
 * by commas, semicolons (a spreadsheet in Polish) or tabs (pasted from one). A first line of column
 * names is skipped (and then names the columns); blank lines are skipped. Each row keeps its line
 * number, which the check report names.
 */
export function parseCompRows(text: string): CompRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const first = lines.find((line) => line.trim()) ?? '';
  const separator = first.includes('\t') ? '\t' : first.includes(';') ? ';' : ',';
  let columns = ['name', 'email', 'product', 'lang'];
  const rows: CompRow[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const fields = splitLine(line, separator);
    if (line === first && fields.some((f) => /e-?mail/i.test(f)) && fields.every((f) => !f || HEADER.test(f))) {
      columns = fields.map((f) =>
        /e-?mail/i.test(f)
          ? 'email'
          : /^(product|produkt)$/i.test(f)
            ? 'product'
            : /^(lang|język)$/i.test(f)
              ? 'lang'
              : 'name',
      );
      return;
    }
    const value = (column: string) => fields[columns.indexOf(column)] ?? '';
    const row: CompRow = { name: value('name'), email: value('email'), line: index + 1 };
    if (value('product')) row.product = value('product') as ProductId;
    if (value('lang')) row.lang = value('lang') as LanguageCode;
    rows.push(row);
  });
  return rows;
}

/** What a partner's package gives: tickets per product (site/partners.ts holds the packages). */
export type Allotment = Partial<Record<ProductId, number>>;

/** How many places an allotment of a package has in all. */
export const allotmentSize = (pkg: Pick<PartnerPackage, 'tickets'>): number =>
  Object.values(pkg.tickets).reduce((sum, n) => sum + (n ?? 0), 0);

/** An allotment as organisers see it: the partner, the package, and its places used per product. */
export type AllotmentView = {
  id: string;
  partner: string;
  email: string;
  tier: PartnerPackage['tier'];
  lang: LanguageCode;
  createdAt: string;
  by: string;
  places: { product: ProductId; size: number; used: number }[];
  holders: { orderId: string; code: string; name: string; email: string; product: ProductId }[];
};
