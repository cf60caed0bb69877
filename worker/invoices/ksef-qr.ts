import { base64url, sha256 } from '../crypto';

/**
 * The KSeF verification link a printed invoice carries as its QR code ("KOD I", kody-qr.md in
 * CIRFMF/ksef-docs): `<host>/invoice/<seller NIP>/<issue date DD-MM-YYYY>/<SHA-256 of the XML file,
 * base64url>`. Anyone who scans it sees whether KSeF holds exactly that document. WebCrypto only,
 * so it runs in the worker and in Node.
 */

export type KsefEnvironment = 'test' | 'demo' | 'production';

/** The QR host of each KSeF environment (kody-qr.md, "Środowiska"). */
export const KSEF_QR_HOSTS: Record<KsefEnvironment, string> = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  production: 'https://qr.ksef.mf.gov.pl',
};

/** SHA-256 of a document's UTF-8 bytes (the file KSeF received), base64url. */
export async function invoiceHash(xml: string): Promise<string> {
  return base64url(await sha256(xml));
}

/** The link from its parts: the issue date (`P_1`, `YYYY-MM-DD`) is written DD-MM-YYYY. */
export function ksefVerificationUrlFromHash(
  environment: KsefEnvironment,
  sellerNip: string,
  issuedOn: string,
  hash: string,
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(issuedOn);
  if (!match) throw new Error(`ksef-qr: ${issuedOn} is not a YYYY-MM-DD date`);
  const [, year, month, day] = match;
  const nip = sellerNip.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(nip)) throw new Error(`ksef-qr: ${sellerNip} is not a NIP`);
  return `${KSEF_QR_HOSTS[environment]}/invoice/${nip}/${day}-${month}-${year}/${hash}`;
}

/** The verification link of an invoice: seller's NIP, its date of issue and the XML exactly as sent. */
export async function ksefVerificationUrl(
  environment: KsefEnvironment,
  sellerNip: string,
  issuedOn: string,
  xml: string,
): Promise<string> {
  return ksefVerificationUrlFromHash(environment, sellerNip, issuedOn, await invoiceHash(xml));
}
