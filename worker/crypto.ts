/**
 * The worker's small cryptography, once: hashes, HMAC, secrets, constant-time comparison and the
 * base64 forms they travel in. WebCrypto only, so the KSeF modules use it in Node too.
 */

const encoder = new TextEncoder();

// Workers' own addition to WebCrypto, which the DOM types (read by the Node build of the KSeF modules) lack.
const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };

type Input = string | Uint8Array<ArrayBuffer>;
const bytesOf = (input: Input) => (typeof input === 'string' ? encoder.encode(input) : input);

/** Base64 of bytes (RFC 4648 §4), in chunks: spreading a 1 MB invoice into one call would overflow the stack. */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64url of bytes without padding (RFC 4648 §5): safe in a URL, a cookie or a file name. */
export const base64url = (bytes: Uint8Array) =>
  base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The bytes of a base64 text. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes as lowercase hex. */
export const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a string's UTF-8 bytes or of bytes. */
export async function sha256(input: Input): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(input)));
}

/** SHA-256 of a string as lowercase hex. */
export const sha256Hex = async (value: string) => hex(await sha256(value));

/** A CSP source expression (`sha256-…`) that allows exactly this inline script or style. */
export const cspHash = async (text: string) => `sha256-${base64(await sha256(text))}`;

/** HMAC-SHA-256 of a message under a key given as text. */
export async function hmac(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) {
    // Still compare something of the same length so the time does not reveal much.
    subtle.timingSafeEqual(left, left);
    return false;
  }
  return subtle.timingSafeEqual(left, right);
}

/** A random secret (base64url, 256 bits). */
export function newSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** HMAC-SHA-256 of a message under a key, base64url: a secret that the same key and message give again. */
export const hmacSecret = async (key: string, message: string) => base64url(await hmac(key, message));
