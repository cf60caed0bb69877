const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What `timeSortableId` makes (orders, tickets, invoices): 26 symbols of Crockford base 32. */
export const ID_PATTERN = /^[0-9A-Z]{26}$/;

function encode(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = CROCKFORD[Number(value % 32n)] + out;
    value /= 32n;
  }
  return out;
}

/**
 * A ULID: 48-bit millisecond time and 80 random bits in Crockford base32. Ids sort by creation
 * time as strings, so a KV list by prefix returns records oldest first.
 */
export function timeSortableId(now = Date.now()): string {
  let bits: bigint;
  if (now === last.time) {
    // Within one millisecond the random part counts up, so ids made here keep their order.
    bits = (last.bits + 1n) & MAX_RANDOM;
  } else {
    const random = crypto.getRandomValues(new Uint8Array(10));
    bits = 0n;
    for (const byte of random) bits = (bits << 8n) | BigInt(byte);
    // Room to count up: the top bit starts clear.
    bits &= MAX_RANDOM >> 1n;
  }
  last.time = now;
  last.bits = bits;
  return encode(BigInt(now), 10) + encode(bits, 16);
}

const MAX_RANDOM = (1n << 80n) - 1n;
const last = { time: -1, bits: 0n };

/** A short code people can read out on the phone: 8 characters without 0/O or 1/I/L confusion. */
export function humanCode(length = 8): string {
  const random = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(random, (byte) => CROCKFORD[byte % 32]).join('');
}
