import { encode } from 'fast-png';
import encodeQR from 'qr';

/**
 * QR codes of tickets, from one library (`qr`, no dependencies, runs in workerd and the browser)
 * with one set of options, so the order page and the e-mail show the same symbol.
 * Medium error correction (15%) still reads from a scuffed print or a cracked phone screen; the
 * four-module quiet zone is what the QR standard asks for, and some scanners miss codes without it.
 */
const OPTIONS = { ecc: 'medium', border: 4 } as const;

/** The modules of a QR code, quiet zone included: `true` is dark; rows first. */
export function qrMatrix(text: string): boolean[][] {
  return encodeQR(text, 'raw', OPTIONS);
}

/** A QR code as an SVG document (a `viewBox` and one path, no size, no style attributes). */
export function qrSvg(text: string): string {
  return encodeQR(text, 'svg', { ...OPTIONS, optimize: true });
}

/** A ticket's QR code as an SVG image: square modules with no seams at any scale, on a white ground for the quiet zone. */
export function ticketQrSvg(code: string): string {
  return qrSvg(code).replace(/^<svg /, '<svg shape-rendering="crispEdges" style="background:#fff" ');
}

/** An SVG as a data URL for an image's `src`: only what a URL in an attribute cannot hold is escaped. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.replace(/[%#<>"\s]/g, (c) => encodeURIComponent(c))}`;
}

/**
 * A ticket's QR code as a PNG data URL, one pixel per module (quiet zone included), which the page
 * draws scaled up with `image-rendering: pixelated`. About 330 bytes for a signed code, 450 in
 * base64: the order page carries one per ticket within its first window, where the same symbol as
 * an SVG path took 9-10 KB (800 B of gzip, incompressible base64 aside).
 */
export function qrPngDataUrl(text: string): string {
  const modules = qrMatrix(text);
  const size = modules.length;
  const stride = Math.ceil(size / 8);
  // One bit a pixel, rows padded to a byte: a set bit is white (greyscale 1), a dark module 0.
  const data = new Uint8Array(stride * size);
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      const at = y * stride + (x >> 3);
      if (!dark) data[at] = (data[at] ?? 0) | (0x80 >> (x & 7));
    });
  });
  const png = encode({ width: size, height: size, data, channels: 1, depth: 1 }, { zlib: { level: 9 } });
  let binary = '';
  for (const byte of png) binary += String.fromCharCode(byte);
  return `data:image/png;base64,${btoa(binary)}`;
}
