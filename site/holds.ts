import type { OrderStatus, Provider } from './orders';
import { POOLS, type Product, type ProductId } from './tickets';

/**
 * The hold rules: how many places orders that are not paid yet may keep from other buyers. A
 * place held without payment is a place no one else can buy, so for a scarce product (one with a
 * stock of its own, like the VIP dinner's 50 places and online VIP's 300, or any product once its
 * places run low) unpaid holds are bounded:
 * - one buyer (one e-mail, and one client address) holds at most a share of its stock at a time,
 *   across all their pending orders (HOLD_SHARE, at least MIN_HOLD_PLACES); paid places do not count;
 * - a bank transfer, which holds for days, needs a company with a verified tax number (a Polish NIP
 *   with its checksum, or an EU VAT number that VIES confirmed); anyone else pays online and holds
 *   for HOLD_MINUTES;
 * - all transfer holds of a product together stay under TRANSFER_SHARE of its stock, so that buyers
 *   who pay at once can always still buy.
 * Organisers see the holds and can release one (the order expires, its places return).
 */

/** The share of a scarce product's stock one buyer may hold unpaid. */
export const HOLD_SHARE = 0.1;
/** However small the stock, a buyer may hold this many places unpaid (a couple, a small team). */
export const MIN_HOLD_PLACES = 4;
/** The share of a scarce product's stock all transfer holds together may keep. */
export const TRANSFER_SHARE = 0.5;
/** A product that shares a pool (the arena) becomes scarce when this share of the pool is left. */
export const LOW_STOCK_SHARE = 0.1;

/** What bounds the unpaid holds of a scarce product: its stock, one buyer's share, all transfers'. */
export type Scarcity = { stock: number; perBuyer: number; transfers: number };

/**
 * A product's scarcity with `left` places left (null: unlimited), or null when it is not scarce.
 * A product with a stock of its own is always scarce; one that only shares the arena becomes
 * scarce when the arena's places left fall to LOW_STOCK_SHARE of it, and its stock is then that
 * low-water mark.
 */
export function scarcity(item: Product, left: number | null): Scarcity | null {
  let stock: number;
  if (item.capacity !== null) stock = item.capacity;
  else if (item.pool && left !== null && left <= Math.floor(POOLS[item.pool] * LOW_STOCK_SHARE)) {
    stock = Math.floor(POOLS[item.pool] * LOW_STOCK_SHARE);
  } else return null;
  return {
    stock,
    perBuyer: Math.max(MIN_HOLD_PLACES, Math.floor(stock * HOLD_SHARE)),
    transfers: Math.floor(stock * TRANSFER_SHARE),
  };
}

/** An unpaid order's hold of a product, as organisers see it. */
export type Hold = {
  orderId: string;
  code: string;
  email: string;
  /** The buyer's name, or the invoice's (a company's). */
  buyer: string | null;
  provider: Provider;
  status: OrderStatus;
  places: number;
  createdAt: string;
  holdUntil: string;
};

/** A product's unpaid holds now: how many places, under which bounds, and who holds them. */
export type ProductHolds = {
  id: ProductId;
  remaining: number | null;
  /** Null when the product is not scarce now: its holds are not bounded. */
  scarcity: Scarcity | null;
  held: number;
  heldByTransfer: number;
  holds: Hold[];
};
