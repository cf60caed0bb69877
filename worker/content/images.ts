import { ApiError } from '../errors';

/** The largest upload: a portrait or a logo fit for its slot never needs more. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Smallest and largest side in pixels: smaller looks blurred on a phone, larger is wasted bytes. */
export const MIN_IMAGE_SIDE = 64;
export const MAX_IMAGE_SIDE = 4000;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';
const EXTENSION: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export type ImageInfo = { type: ImageType; width: number; height: number };
export type StoredImage = ImageInfo & { key: string; bytes: number };

/** A byte, 0 past the end (a truncated header then fails its checks instead of throwing). */
const at = (b: Uint8Array, i: number) => b[i] ?? 0;
const u16be = (b: Uint8Array, i: number) => (at(b, i) << 8) | at(b, i + 1);
const u16le = (b: Uint8Array, i: number) => at(b, i) | (at(b, i + 1) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | (at(b, i + 2) << 16);
const u32be = (b: Uint8Array, i: number) => ((u16be(b, i) << 16) | u16be(b, i + 2)) >>> 0;
const u32le = (b: Uint8Array, i: number) => (u16le(b, i) | (u16le(b, i + 2) << 16)) >>> 0;
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/**
 * The type and size of an image read from its bytes, never from the name or the declared type: a
 * PNG, JPEG or WebP header with its dimensions, or null. SVG is refused on purpose, as it can carry
 * script.
 */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length >= 24 && u32be(bytes, 0) === 0x89504e47 && u32be(bytes, 4) === 0x0d0a1a0a) {
    if (ascii(bytes, 12, 4) !== 'IHDR') return null;
    return { type: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    // Walk the segments to the frame header (SOF0-SOF15 but DHT, JPG and DAC), which has the size.
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = at(bytes, i + 1);
      if (marker === 0xff) {
        i++;
        continue;
      }
      const length = u16be(bytes, i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'image/jpeg', height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
      }
      if (length < 2) return null;
      i += 2 + length;
    }
    return null;
  }
  if (bytes.length >= 30 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    const chunk = ascii(bytes, 12, 4);
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
      return { type: 'image/webp', width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    }
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = u32le(bytes, 21);
      return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      return { type: 'image/webp', width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
    }
  }
  return null;
}

/**
 * Checks an upload and stores it in R2 under a name made from its content (the same file uploaded
 * twice is one object). Errors: 413 `image_too_large`, 415 `unsupported_image_type` (with the
 * accepted types), 422 `image_dimensions` (with the limits).
 */
export async function storeImage(bucket: R2Bucket, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'image_too_large', { maxBytes: MAX_IMAGE_BYTES });
  const info = sniffImage(bytes);
  if (!info) throw new ApiError(415, 'unsupported_image_type', { accepted: Object.keys(EXTENSION) });
  const { width, height } = info;
  if (Math.min(width, height) < MIN_IMAGE_SIDE || Math.max(width, height) > MAX_IMAGE_SIDE) {
    throw new ApiError(422, 'image_dimensions', {
      width,
      height,
      minSide: MIN_IMAGE_SIDE,
      maxSide: MAX_IMAGE_SIDE,
    });
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const key = `img-${hex}.${EXTENSION[info.type]}`;
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: info.type, cacheControl: 'public, max-age=31536000, immutable' },
    customMetadata: { width: String(width), height: String(height) },
  });
  return { ...info, key, bytes: bytes.length };
}

/** An uploaded image's bytes and type, or null. */
export async function readImage(bucket: R2Bucket, key: string): Promise<R2ObjectBody | null> {
  return bucket.get(key);
}
