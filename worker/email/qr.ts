import { encode } from 'fast-png';
import { qrMatrix } from '../../site/qr';

/**
 * A QR code as a greyscale PNG, `scale` pixels per module. E-mail clients do not show SVG
 * reliably, so the confirmation e-mail carries a bitmap; `fast-png` encodes it in plain JS.
 */
export function qrPng(text: string, scale = 8): Uint8Array {
  const modules = qrMatrix(text);
  const size = modules.length * scale;
  const data = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    const row = modules[Math.floor(y / scale)];
    for (let x = 0; x < size; x++) data[y * size + x] = row?.[Math.floor(x / scale)] ? 0 : 255;
  }
  return encode({ width: size, height: size, data, channels: 1, depth: 8 });
}
