// CSV for organisers' exports (orders, tickets, messages, invoices): RFC 4180, safe to open in a
// spreadsheet.

function field(record: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
}

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * TAB or CR first, also after a `,` `;` or TAB that some programs split on) gets a leading quote.
 * A plain number (`-1298.00`, a correction's amount) is only a number, and stays one.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  text = text.replace(/(^|[,;\t])(?=[=+\-@\t\r])/g, "$1'");
  return /[",;\r\n\t]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV lines (each ending CRLF) of records in fixed columns. */
export function csvRows(records: readonly object[], columns: readonly string[]): string {
  return records
    .map((r) => `${columns.map((c) => csvCell(field(r as Record<string, unknown>, c))).join(',')}\r\n`)
    .join('');
}

/** RFC 4180 CSV with a header line. */
export function toCsv(records: readonly object[], columns: readonly string[]): string {
  return `${columns.join(',')}\r\n${csvRows(records, columns)}`;
}
