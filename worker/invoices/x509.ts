/**
 * The public key out of an X.509 certificate, for WebCrypto: `crypto.subtle.importKey('spki', ...)`
 * takes a SubjectPublicKeyInfo, and KSeF publishes whole certificates (DER, base64). A minimal DER
 * walk down the fixed head of the certificate (RFC 5280 §4.1) is enough and keeps the worker free of
 * an ASN.1 library: Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL,
 * serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, ... }, ... }.
 */

type Tlv = { tag: number; start: number; contentStart: number; end: number };

const SEQUENCE = 0x30;
const OBJECT_IDENTIFIER = 0x06;
const VERSION_TAG = 0xa0;

/** The DER element at `offset`: its tag and where its content and the element end. */
function readTlv(der: Uint8Array, offset: number, limit: number): Tlv {
  if (offset + 2 > limit) throw new Error('DER: element runs past its parent');
  const tag = der[offset] as number;
  // X.509's structural elements all use low tag numbers; a high-tag-number form means a bad input.
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: unsupported high tag number');
  let length = der[offset + 1] as number;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    // DER forbids the indefinite form (0x80); four octets are far more than any certificate needs.
    if (octets === 0 || octets > 4) throw new Error('DER: unsupported length form');
    if (contentStart + octets > limit) throw new Error('DER: length runs past its parent');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (der[contentStart + i] as number);
    contentStart += octets;
  }
  const end = contentStart + length;
  if (end > limit) throw new Error('DER: element runs past its parent');
  return { tag, start: offset, contentStart, end };
}

/** The children of a constructed element. */
function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const list: Tlv[] = [];
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const child = readTlv(der, offset, parent.end);
    list.push(child);
    offset = child.end;
  }
  return list;
}

/** The SubjectPublicKeyInfo (DER, the whole element) of an X.509 certificate in DER. */
export function subjectPublicKeyInfo(certificate: Uint8Array): Uint8Array<ArrayBuffer> {
  const root = readTlv(certificate, 0, certificate.length);
  if (root.tag !== SEQUENCE || root.end !== certificate.length) throw new Error('X.509: not a certificate');
  const tbs = children(certificate, root)[0];
  if (tbs?.tag !== SEQUENCE) throw new Error('X.509: no tbsCertificate');
  const fields = children(certificate, tbs);
  // The version is optional (absent means v1); after it come serial, signature, issuer, validity,
  // subject, then the key.
  const spki = fields[fields[0]?.tag === VERSION_TAG ? 6 : 5];
  if (spki?.tag !== SEQUENCE) throw new Error('X.509: no subjectPublicKeyInfo');
  return certificate.slice(spki.start, spki.end);
}

/** The algorithm OID of a SubjectPublicKeyInfo, dotted (`1.2.840.113549.1.1.1` is RSA). */
export function publicKeyAlgorithm(spki: Uint8Array): string {
  const root = readTlv(spki, 0, spki.length);
  const algorithm = children(spki, root)[0];
  const oid = algorithm?.tag === SEQUENCE ? children(spki, algorithm)[0] : undefined;
  if (oid?.tag !== OBJECT_IDENTIFIER) throw new Error('X.509: no key algorithm');
  const bytes = spki.subarray(oid.contentStart, oid.end);
  const first = bytes[0] as number;
  const arcs = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}

/** rsaEncryption (PKCS #1): the only key type KSeF's documented RSA-OAEP encryption works with. */
export const RSA_ENCRYPTION_OID = '1.2.840.113549.1.1.1';
