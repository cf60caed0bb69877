import type { VatCheck } from '../../site/invoices';
import { iso } from './schema';

// The evidence of an order's reverse charge: what VIES said of its buyer's EU VAT number, each check
// kept (schema.ts `vat_checks`), never edited.

type VatCheckRow = {
  status: VatCheck['status'];
  country_code: string;
  vat_number: string;
  checked_at: number;
  request_date: string | null;
  request_identifier: string | null;
  name: string | null;
  address: string | null;
  error: string | null;
};

/** Keeps a check of an order's VAT number (in the caller's transaction). */
export function recordVatCheck(sql: SqlStorage, orderId: string, check: VatCheck): void {
  sql.exec(
    `INSERT INTO vat_checks (order_id, status, country_code, vat_number, checked_at, request_date,
       request_identifier, name, address, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    orderId,
    check.status,
    check.countryCode,
    check.vatNumber,
    Date.parse(check.checkedAt),
    check.requestDate,
    check.requestIdentifier,
    check.name,
    check.address,
    check.error,
  );
}

/** An order's checks, oldest first. */
export function vatChecksOf(sql: SqlStorage, orderId: string): VatCheck[] {
  return sql
    .exec<VatCheckRow>('SELECT * FROM vat_checks WHERE order_id = ? ORDER BY id', orderId)
    .toArray()
    .map((row) => ({
      status: row.status,
      countryCode: row.country_code,
      vatNumber: row.vat_number,
      checkedAt: iso(row.checked_at),
      requestDate: row.request_date,
      requestIdentifier: row.request_identifier,
      name: row.name,
      address: row.address,
      error: row.error,
    }));
}

/** The log entry's data of a check: what it found and VIES's own reference. */
export const vatCheckLog = (check: VatCheck) => ({
  status: check.status,
  vatId: `${check.countryCode}${check.vatNumber}`,
  ...(check.requestIdentifier ? { requestIdentifier: check.requestIdentifier } : {}),
  ...(check.error ? { error: check.error } : {}),
});
