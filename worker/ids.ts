const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

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
  const random = crypto.getRandomValues(new Uint8Array(10));
  let bits = 0n;
  for (const byte of random) bits = (bits << 8n) | BigInt(byte);
  return encode(BigInt(now), 10) + encode(bits, 16);
}

/** A short code people can read out on the phone: 8 characters without 0/O or 1/I/L confusion. */
export function humanCode(length = 8): string {
  const random = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(random, (byte) => CROCKFORD[byte % 32]).join('');
}
