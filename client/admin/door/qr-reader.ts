/**
 * A QR reader for the door in every browser: the browser's own `BarcodeDetector` where it reads QR
 * codes (Chromium on Android and macOS), else the `barcode-detector` ponyfill on zxing-wasm (Firefox,
 * Safari on iPhones, Chromium on Linux). The ponyfill and its WebAssembly are fetched only here,
 * on the door screen, and the .wasm from our own origin (a hashed asset under /assets/, cached for a
 * year), never from a CDN: the console's CSP allows no other origin, and an offline door has none.
 */

export type QrReader = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeReader(): Promise<QrReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The reader this browser has; the ponyfill is loaded (and its .wasm fetched) on the first call only. */
export async function qrReader(): Promise<QrReader> {
  const native = await nativeReader();
  if (native) return native;
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
