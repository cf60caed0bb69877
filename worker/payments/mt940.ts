// MT940, the SWIFT customer statement that Polish banks export for an account's turnover: tags
// `:20:` (reference), `:25:` (account), `:28C:` (statement number), `:60F:`/`:60M:` (opening
// balance), each `:61:` a statement line followed by its `:86:` details, `:62F:`/`:62M:` (closing
// balance). Written here rather than taken from a package: the ones there are count in floating
// point and report a fault without its line, and the organisers need the line. Amounts are kept in
// grosze (integers), dates as `YYYY-MM-DD`.

/** One statement line (`:61:` with its `:86:`). */
export type StatementLine = {
  /** The line number of its `:61:` in the file (1-based), as the import report names it. */
  line: number;
  /** The day the bank booked it (entry date, else value date). */
  bookedOn: string;
  valueDate: string;
  /** C credit, D debit, RC reversal of a credit, RD reversal of a debit. */
  mark: 'C' | 'D' | 'RC' | 'RD';
  /** In the statement's currency, in its minor unit (grosze). */
  amount: number;
  currency: string;
  /** SWIFT transaction type (`NTRF`, `N051`, …). */
  type: string;
  customerReference: string;
  bankReference: string | null;
  /** The transfer's title: the `~20`–`~25` sub-fields of `:86:` when it has them, else its whole text. */
  title: string;
  /** The counterparty's name (`~27`–`~29`, `~32`–`~33`), when the details are structured so. */
  counterparty: string | null;
  /** `:86:` as it stands, lines joined with a space. */
  details: string;
};

/** One statement of a file (a file may hold several). */
export type Statement = {
  reference: string;
  account: string;
  number: string;
  currency: string;
  opening: { mark: 'C' | 'D'; date: string; amount: number };
  closing: { mark: 'C' | 'D'; date: string; amount: number };
  lines: StatementLine[];
};

/** A statement that cannot be read: the line (1-based) and what is wrong there. */
export class Mt940Error extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

type Field = { tag: string; value: string[]; line: number };

/** `YYMMDD` as `YYYY-MM-DD` (SWIFT's years: 00-79 are 20xx, 80-99 are 19xx), or null when no such day. */
function day(yymmdd: string): string | null {
  const yy = Number(yymmdd.slice(0, 2));
  const year = yy < 80 ? 2000 + yy : 1900 + yy;
  return calendarDay(year, yymmdd.slice(2, 4), yymmdd.slice(4, 6));
}

function calendarDay(year: number, mm: string, dd: string): string | null {
  const iso = `${year}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** An amount with a decimal comma (`1234,5`, `1234,`) in minor units, without floating point. */
function minorUnits(text: string): number | null {
  const match = /^(\d{1,13}),(\d{0,2})$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The fields of a file: each `:TAG:` with its value's lines (continuation lines join the tag before). */
function fields(text: string): Field[] {
  const out: Field[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const number = index + 1;
    const line = raw.trimEnd();
    // SWIFT envelope and separators: `{1:…}{2:…}{4:`, `-}`, a lone `-` between statements.
    if (line === '' || /^(\{[1-5]:.*|-\}?|\}|\$)$/.test(line)) continue;
    const tag = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tag) {
      out.push({ tag: tag[1] as string, value: [tag[2] as string], line: number });
      continue;
    }
    const last = out.at(-1);
    if (!last) throw new Mt940Error(number, 'not an MT940 statement: no tag before this line');
    last.value.push(line);
  }
  return out;
}

const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,13},\d{0,2})$/;

function balance(field: Field): { mark: 'C' | 'D'; date: string; currency: string; amount: number } {
  const match = BALANCE.exec(field.value.join(''));
  const date = match && day(match[2] as string);
  const amount = match && minorUnits(match[4] as string);
  if (!match || !date || amount === null) {
    throw new Mt940Error(field.line, `:${field.tag}: balance is not mark, YYMMDD, currency and amount`);
  }
  return { mark: match[1] as 'C' | 'D', date, currency: match[3] as string, amount };
}

// :61: value date, entry date (MMDD), mark, funds code, amount, type, customer reference, //bank reference.
const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,13},\d{0,2})([A-Z][A-Z0-9]{3})([^/]{0,16})(?:\/\/(.{0,16}))?$/;

function statementLine(field: Field, currency: string): Omit<StatementLine, 'title' | 'counterparty' | 'details'> {
  const [first = '', ...rest] = field.value;
  const match = STATEMENT_LINE.exec(first);
  const valueDate = match && day(match[1] as string);
  const amount = match && minorUnits(match[5] as string);
  if (!match || !valueDate || amount === null) {
    throw new Mt940Error(field.line, ':61: is not date, mark, amount with a decimal comma and type');
  }
  let bookedOn = valueDate;
  if (match[2]) {
    // The entry date has no year: the value date's, across the turn of a year either way.
    const valueYear = Number(valueDate.slice(0, 4));
    const valueMonth = Number(valueDate.slice(5, 7));
    const entryMonth = Number(match[2].slice(0, 2));
    const year =
      valueMonth === 12 && entryMonth === 1
        ? valueYear + 1
        : valueMonth === 1 && entryMonth === 12
          ? valueYear - 1
          : valueYear;
    const entry = calendarDay(year, match[2].slice(0, 2), match[2].slice(2, 4));
    if (!entry) throw new Mt940Error(field.line, ':61: entry date is not a day');
    bookedOn = entry;
  }
  return {
    line: field.line,
    bookedOn,
    valueDate,
    mark: match[3] as StatementLine['mark'],
    amount,
    currency,
    type: match[6] as string,
    customerReference: (match[7] ?? '').trim(),
    bankReference: match[8]?.trim() || (rest.length ? rest.join(' ').trim() : null) || null,
  };
}

/**
 * The details of `:86:`. Polish banks structure them with `~` (some with `^` or `?`) and two-digit
 * sub-fields: `~00` the transaction code, `~20`–`~25` the title, `~27`–`~29` and `~32`–`~33` the
 * counterparty. A title split over sub-fields (or lines) is split anywhere, even inside a word, so
 * its parts are joined as they are.
 */
function details(lines: string[]): { title: string; counterparty: string | null; details: string } {
  const joined = lines.join('');
  const text = lines.join(' ').trim();
  const separator = /^[^~^?]{0,8}([~^?])\d{2}/.exec(joined)?.[1];
  if (!separator) return { title: text, counterparty: null, details: text };
  const parts = new Map<number, string>();
  for (const part of joined.split(separator).slice(1)) {
    const key = Number(part.slice(0, 2));
    if (!Number.isNaN(key)) parts.set(key, (parts.get(key) ?? '') + part.slice(2));
  }
  const pick = (keys: number[]) =>
    keys
      .map((key) => parts.get(key) ?? '')
      .join('')
      .trim();
  const title = pick([20, 21, 22, 23, 24, 25]);
  const counterparty = [pick([27, 28, 29]), pick([32, 33])].filter(Boolean).join(' ') || null;
  return { title: title || text, counterparty, details: text };
}

/**
 * Reads an MT940 file: every statement, each line with its booking day, mark, amount in minor units
 * and its title. Throws `Mt940Error` with the line for anything it cannot read: a tag missing from a
 * statement, a malformed balance or statement line, a closing balance that the lines do not add up to.
 */
export function parseMt940(text: string): Statement[] {
  const all = fields(text);
  if (!all.some((field) => field.tag === '20')) throw new Mt940Error(1, 'not an MT940 statement: no :20: tag');
  const statements: Statement[] = [];
  let current: (Partial<Statement> & { lines: StatementLine[]; start: number }) | null = null;
  let pending: { line: Omit<StatementLine, 'title' | 'counterparty' | 'details'>; details: string[] } | null = null;

  const flushLine = () => {
    if (!pending || !current) return;
    current.lines.push({ ...pending.line, ...details(pending.details) });
    pending = null;
  };
  const close = (field: Field) => {
    flushLine();
    if (!current) return;
    for (const [key, tag] of [
      ['reference', ':20:'],
      ['account', ':25:'],
      ['number', ':28C:'],
      ['opening', ':60F:'],
    ] as const) {
      if (current[key] === undefined) throw new Mt940Error(current.start, `statement has no ${tag}`);
    }
    const opening = current.opening as Statement['opening'];
    const closing = current.closing;
    if (!closing) throw new Mt940Error(field.line, 'statement has no :62F: closing balance');
    const signed = (mark: string, amount: number) => (mark === 'C' || mark === 'RD' ? amount : -amount);
    const sum = current.lines.reduce(
      (total, l) => total + signed(l.mark, l.amount),
      signed(opening.mark, opening.amount),
    );
    if (sum !== signed(closing.mark, closing.amount)) {
      throw new Mt940Error(field.line, 'closing balance is not the opening balance plus the lines: a line is missing');
    }
    statements.push({ ...(current as Statement), lines: current.lines });
    current = null;
  };

  for (const field of all) {
    const value = field.value.join('').trim();
    switch (field.tag) {
      case '20':
        if (current) throw new Mt940Error(field.line, 'new statement before the closing balance (:62F:) of the last');
        current = { reference: value, lines: [], start: field.line };
        break;
      case '25':
      case '28C':
      case '28':
        if (!current) throw new Mt940Error(field.line, `:${field.tag}: outside a statement`);
        if (field.tag === '25') current.account = value;
        else current.number = value;
        break;
      case '60F':
      case '60M': {
        if (!current) throw new Mt940Error(field.line, `:${field.tag}: outside a statement`);
        const { currency, ...opening } = balance(field);
        current.currency = currency;
        current.opening = opening;
        break;
      }
      case '61':
        if (!current?.opening) throw new Mt940Error(field.line, ':61: before the opening balance (:60F:)');
        flushLine();
        pending = { line: statementLine(field, current.currency as string), details: [] };
        break;
      case '86':
        // Details of the statement as a whole (after :62F: or before any line) are not a transfer's.
        if (pending) (pending as { details: string[] }).details.push(...field.value);
        break;
      case '62F':
      case '62M': {
        if (!current?.opening) throw new Mt940Error(field.line, `:${field.tag}: without an opening balance`);
        const { currency, ...closing } = balance(field);
        if (currency !== current.currency) throw new Mt940Error(field.line, 'closing balance in another currency');
        current.closing = closing;
        close(field);
        break;
      }
      default:
        // :21:, :64:, :65: and bank-specific tags carry nothing a payment needs.
        break;
    }
  }
  if (current) throw new Mt940Error(all.at(-1)?.line ?? 1, 'statement has no :62F: closing balance');
  return statements;
}

const CROCKFORD = /[0-9A-HJKMNP-TV-Z]/;

/**
 * The order codes a transfer's title may name: every run of eight Crockford base-32 symbols once
 * spaces and hyphens are dropped, upper case, with the letters people confuse read as Crockford
 * reads them (O as 0, I and L as 1). The box office keeps the ones that are codes.
 */
export function codeCandidates(title: string): string[] {
  const normal = title
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const found: string[] = [];
  for (const run of normal.split(/[^0-9A-Z]+/)) {
    for (let i = 0; i + 8 <= run.length; i++) {
      const window = run.slice(i, i + 8);
      if ([...window].every((c) => CROCKFORD.test(c)) && !found.includes(window)) found.push(window);
    }
  }
  return found;
}
