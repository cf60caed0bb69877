import { decode } from 'fast-png';

/**
 * The modules of a ticket's QR code sent as a 1-bit PNG of a pixel per module (site/qr.ts
 * `qrPngDataUrl`), from its data URL or its base64: `true` is dark, rows first. Throws on any other
 * PNG, so that a test of the modules also proves the picture is what the pages draw pixelated.
 */
export function qrPngModules(image: string): boolean[][] {
  const base64 = image.startsWith('data:') ? image.slice(image.indexOf(',') + 1) : image;
  const png = decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  if (png.depth !== 1 || png.channels !== 1)
    throw new Error(`not a 1-bit grey PNG: ${png.depth} bit, ${png.channels} channels`);
  const stride = Math.ceil(png.width / 8);
  return Array.from({ length: png.height }, (_, y) =>
    Array.from({ length: png.width }, (_, x) => !(((png.data[y * stride + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1)),
  );
}
