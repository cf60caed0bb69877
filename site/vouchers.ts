// Vouchers (product decisions 2026-11-25 and 2026-11-27): a code of 4 to 32 letters, digits and
// hyphens, case-insensitive, that lowers the price of the tickets it covers. Pure rules both sides
// use: the worker prices and refuses with them, the purchase dialog shows the same discount.

/** How a voucher changes a ticket's net price (pretix's price modes, plus a free ticket). */
export const VOUCHER_KINDS = ['free', 'percent', 'amount', 'price'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** A voucher code as typed: 4 to 32 letters, digits and hyphens. */
export const VOUCHER_CODE = /^[A-Za-z0-9-]{4,32}$/;

/** The code as stored and compared: trimmed and in capitals (codes are case-insensitive). */
export const normalVoucherCode = (code: string) => code.trim().toUpperCase();

/** Why a code cannot be used now (422 `invalid_voucher` carries it as `reason`). */
export type VoucherRefusal = 'unknown' | 'used_up' | 'expired' | 'not_yet_valid' | 'ended' | 'not_for_product';

/** What a voucher does to a price: its kind and value (percent 1-100; amounts and prices in grosze, net). */
export type VoucherTerms = { kind: VoucherKind; value: number | null };

/**
 * The net price of one ticket after a voucher, never below zero: `free` makes it 0, `percent` takes
 * that share off (rounded to the grosz), `amount` subtracts a net amount, `price` sets the net price
 * (never above the list price: a voucher never raises one).
 */
export function voucherNet(listNet: number, terms: VoucherTerms): number {
  const value = terms.value ?? 0;
  switch (terms.kind) {
    case 'free':
      return 0;
    case 'percent':
      return Math.max(0, listNet - Math.round((listNet * Math.min(100, value)) / 100));
    case 'amount':
      return Math.max(0, listNet - value);
    case 'price':
      return Math.max(0, Math.min(listNet, value));
  }
}

/** A voucher as the console lists it (times ISO). */
export type VoucherView = {
  code: string;
  kind: VoucherKind;
  value: number | null;
  /** The products it covers; null for every product. */
  products: string[] | null;
  uses: number;
  /** Uses held by pending or paid orders. */
  taken: number;
  left: number;
  from: string | null;
  until: string | null;
  tag: string | null;
  /** Whether its unused places are kept out of sale. */
  reserve: boolean;
  endedAt: string | null;
  createdAt: string;
};

/** What `POST /api/vouchers/check` answers for a code and a product: the ticket's prices with and without it. */
export type VoucherQuote = {
  code: string;
  product: string;
  listNet: number;
  net: number;
  listGross: number;
  gross: number;
};
