import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isValidKsefNumber,
  type KsefConfig,
  nextAttemptAt,
  type PublicKeyCertificate,
  selectCertificate,
  submitInvoice,
} from '../../worker/invoices/ksef';
import { publicKeyAlgorithm, RSA_ENCRYPTION_OID, subjectPublicKeyInfo } from '../../worker/invoices/x509';
import { createFakeKsef, documentExample } from './ksef-fake';

// The KSeF client against a fake KSeF made from the Ministry's OpenAPI document: every request the
// client makes is validated against the document, and the fake decrypts what it gets with its own
// keys. Node's WebCrypto runs the client as the worker would; nothing leaves the machine.

const NIP = '5265877635';
const config: KsefConfig = {
  environment: 'test',
  nip: NIP,
  token: '20251010-EC-1A2B3C4D5E-F6A7B8C9D0-AB|nip-5265877635|0123456789abcdef',
};
const START = Date.parse('2027-10-24T10:00:00Z');

/** A small FA(3)-shaped invoice: what the fake reads to spot a duplicate (seller NIP, kind, number). */
const invoiceXml = (number = 'FV/2027/00042') => `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza></Naglowek>
  <Podmiot1><DaneIdentyfikacyjne><NIP>${NIP}</NIP><Nazwa>Fundacja Kongres AI Polska — Łódź</Nazwa></DaneIdentyfikacyjne></Podmiot1>
  <Fa><KodWaluty>PLN</KodWaluty><P_1>2027-10-24</P_1><P_2>${number}</P_2><RodzajFaktury>VAT</RodzajFaktury></Fa>
</Faktura>`;

/** A clock the client's sleeps move forward, so waits cost no time. */
function clock() {
  let now = START;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

function setUp(options: Partial<Parameters<typeof createFakeKsef>[0]> = {}) {
  const time = clock();
  const fake = createFakeKsef({ nip: NIP, token: config.token, now: time.now, ...options });
  const deps = { fetch: fake.fetch, now: time.now, sleep: time.sleep };
  return { fake, deps, time };
}

const FLOW = [
  'GET /security/public-key-certificates',
  'POST /auth/challenge',
  'POST /auth/ksef-token',
  'GET /auth/{referenceNumber}',
  'GET /auth/{referenceNumber}',
  'POST /auth/token/redeem',
  'POST /sessions/online',
  'POST /sessions/online/{referenceNumber}/invoices',
  'POST /sessions/online/{referenceNumber}/close',
  'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}',
  'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}',
  'DELETE /auth/sessions/current',
];

const sends = (calls: string[]) => calls.filter((c) => c === 'POST /sessions/online/{referenceNumber}/invoices').length;

describe('the public key out of an X.509 certificate', () => {
  const pem = (name: string) => new X509Certificate(readFileSync(`test/vendor/ksef-api/${name}.cert.pem`));

  it.each(['test-ksef-token-encryption', 'test-symmetric-key-encryption', 'test-ec-p256'])(
    'is the SubjectPublicKeyInfo OpenSSL reads from %s',
    (name) => {
      const certificate = pem(name);
      const expected = certificate.publicKey.export({ type: 'spki', format: 'der' });
      expect(Buffer.from(subjectPublicKeyInfo(new Uint8Array(certificate.raw)))).toEqual(expected);
    },
  );

  it('names the key algorithm: RSA for the encryption keys, not for an EC key', () => {
    const rsa = subjectPublicKeyInfo(new Uint8Array(pem('test-symmetric-key-encryption').raw));
    const ec = subjectPublicKeyInfo(new Uint8Array(pem('test-ec-p256').raw));
    expect(publicKeyAlgorithm(rsa)).toBe(RSA_ENCRYPTION_OID);
    expect(publicKeyAlgorithm(ec)).toBe('1.2.840.10045.2.1');
  });

  it('refuses what is not a whole certificate', () => {
    const raw = new Uint8Array(pem('test-ksef-token-encryption').raw);
    expect(() => subjectPublicKeyInfo(raw.subarray(0, raw.length - 10))).toThrow(/DER/);
    expect(() => subjectPublicKeyInfo(new Uint8Array([0x02, 0x01, 0x00]))).toThrow(/not a certificate/);
  });
});

describe('KSeF numbers, certificates and the retry schedule', () => {
  it('checks a KSeF number form and CRC-8 (the documentation examples are valid)', () => {
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AF')).toBe(true);
    expect(isValidKsefNumber('5265877635-20250626-010080DD2B5E-26')).toBe(true);
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false);
    expect(isValidKsefNumber('5265877635-20250826-0100001af629-AF')).toBe(false);
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629')).toBe(false);
  });

  it('encrypts for the valid certificate of the usage with the latest validFrom (a rotation)', () => {
    const entry = (id: string, usage: string, validFrom: string, validTo: string): PublicKeyCertificate => ({
      certificate: id,
      certificateId: id,
      publicKeyId: id,
      validFrom,
      validTo,
      usage: [usage],
    });
    const list = [
      entry('old', 'SymmetricKeyEncryption', '2025-09-29T06:17:45+00:00', '2027-09-29T06:17:44+00:00'),
      entry('current', 'SymmetricKeyEncryption', '2026-03-14T06:12:41+00:00', '2029-03-14T06:12:40+00:00'),
      entry('future', 'SymmetricKeyEncryption', '2028-01-01T00:00:00+00:00', '2030-01-01T00:00:00+00:00'),
      entry('token', 'KsefTokenEncryption', '2027-01-01T00:00:00+00:00', '2029-01-01T00:00:00+00:00'),
    ];
    expect(selectCertificate(list, 'SymmetricKeyEncryption', Date.parse('2027-06-01T00:00:00Z'))?.publicKeyId).toBe(
      'current',
    );
    expect(selectCertificate(list, 'SymmetricKeyEncryption', Date.parse('2030-06-01T00:00:00Z'))).toBeUndefined();
    expect(selectCertificate(list, 'KsefTokenEncryption', START)?.publicKeyId).toBe('token');
  });

  it('backs off 1 min, 5 min, 30 min, 2 h, then every 6 h', () => {
    const minutes = [0, 1, 2, 3, 4, 5, 9].map((n) => (nextAttemptAt(n, START) - START) / 60_000);
    expect(minutes).toEqual([0, 1, 5, 30, 120, 360, 360]);
  });
});

describe('submitting an invoice to the fake KSeF', () => {
  it('authenticates with the token, sends the invoice in an online session and returns its KSeF number', async () => {
    const { fake, deps } = setUp();
    const xml = invoiceXml();
    const outcome = await submitInvoice(config, xml, deps);

    const stored = [...fake.registry.values()];
    expect(stored).toHaveLength(1);
    expect(outcome).toEqual({
      kind: 'accepted',
      ksefNumber: stored[0]?.ksefNumber,
      acceptedAt: new Date(START + 500).toISOString(),
    });
    expect(isValidKsefNumber((outcome as { ksefNumber: string }).ksefNumber)).toBe(true);
    expect(fake.calls).toEqual(FLOW);
    // What KSeF decrypted is the invoice, byte for byte (UTF-8, Polish letters included).
    expect(fake.received).toEqual([Buffer.from(xml, 'utf8')]);
    expect(fake.violations).toEqual([]);
    expect([...fake.sessions.values()].every((s) => s.closed)).toBe(true);
  });

  it('says retry on a 5xx while sending, closes the session and leaves nothing in KSeF', async () => {
    const { fake, deps } = setUp();
    fake.fault('POST /sessions/online/{referenceNumber}/invoices', { kind: 'status', status: 503 });
    const outcome = await submitInvoice(config, invoiceXml(), deps);

    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('HTTP 503') });
    expect(fake.registry.size).toBe(0);
    expect([...fake.sessions.values()].every((s) => s.closed)).toBe(true);
    expect(fake.calls.at(-1)).toBe('DELETE /auth/sessions/current');
    expect(fake.violations).toEqual([]);
  });

  it('says retry, not before Retry-After, when KSeF answers 429', async () => {
    const { fake, deps } = setUp();
    fake.fault('POST /sessions/online', { kind: 'status', status: 429, retryAfter: 30 });
    const outcome = await submitInvoice(config, invoiceXml(), deps);

    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('429') });
    expect((outcome as { notBefore: number }).notBefore).toBe(deps.now() + 30_000);
    expect(sends(fake.calls)).toBe(0);
    expect(fake.violations).toEqual([]);
  });

  it('says rejected when KSeF finds the invoice invalid (450), with its reason', async () => {
    const { fake, deps } = setUp({
      invoiceStatus: {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: ['Data wystawienia faktury (P_1) jest późniejsza niż data przyjęcia.'],
      },
    });
    const outcome = await submitInvoice(config, invoiceXml(), deps);

    expect(outcome).toEqual({ kind: 'rejected', error: expect.stringMatching(/450 .*P_1/) });
    expect(fake.violations).toEqual([]);
  });

  it('says retry when authentication fails (a wrong token) and sends nothing', async () => {
    const { fake, deps } = setUp({ token: 'another-token' });
    const outcome = await submitInvoice(config, invoiceXml(), deps);

    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('authentication failed: 450') });
    expect(fake.calls).not.toContain('POST /sessions/online');
    expect(fake.violations).toEqual([]);
  });

  it('says retry when the invoice is still being processed after the bounded wait', async () => {
    const { fake, deps } = setUp({ invoicePolls: 1000 });
    const outcome = await submitInvoice(config, invoiceXml(), deps);

    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('150') });
    expect(fake.violations).toEqual([]);
  });

  it('refuses an oversized invoice or one with a byte order mark without calling KSeF', async () => {
    const { fake, deps } = setUp();
    const big = invoiceXml().replace('</Faktura>', `<!--${'x'.repeat(1_000_000)}--></Faktura>`);
    expect(await submitInvoice(config, big, deps)).toMatchObject({ kind: 'rejected' });
    expect(await submitInvoice(config, `\uFEFF${invoiceXml()}`, deps)).toMatchObject({ kind: 'rejected' });
    expect(fake.calls).toEqual([]);
  });
});

describe('never sending an invoice twice', () => {
  it('follows an invoice whose reply was lost in its session instead of sending it again', async () => {
    const { fake, deps } = setUp();
    fake.fault('POST /sessions/online/{referenceNumber}/invoices', { kind: 'lose-reply' });
    const outcome = await submitInvoice(config, invoiceXml(), deps);

    const [stored] = [...fake.registry.values()];
    expect(outcome).toMatchObject({ kind: 'accepted', ksefNumber: stored?.ksefNumber });
    expect(sends(fake.calls)).toBe(1);
    expect(fake.calls).toContain('GET /sessions/{referenceNumber}/invoices');
    expect(fake.violations).toEqual([]);
  });

  it('takes the duplicate (440) after a crash as "already there" and returns the original KSeF number', async () => {
    const { fake, deps } = setUp();
    // The first attempt gets the invoice in, but learns nothing: the reply is lost and so is the
    // look into the session, as if the worker had died there.
    fake.fault('POST /sessions/online/{referenceNumber}/invoices', { kind: 'lose-reply' });
    fake.fault('GET /sessions/{referenceNumber}/invoices', { kind: 'status', status: 503 });
    const first = await submitInvoice(config, invoiceXml(), deps);
    expect(first).toMatchObject({ kind: 'retry' });
    const [original] = [...fake.registry.values()];
    expect(original).toBeDefined();

    // The queue delivers it again: KSeF refuses the copy as a duplicate and names the original.
    const second = await submitInvoice(config, invoiceXml(), deps);
    expect(second).toMatchObject({ kind: 'accepted', ksefNumber: original?.ksefNumber, duplicate: true });
    expect(fake.registry.size).toBe(1);
    expect(fake.violations).toEqual([]);
  });

  it('reads when the original got its number from the original session', async () => {
    const { fake, deps } = setUp();
    const first = await submitInvoice(config, invoiceXml(), deps);
    const second = await submitInvoice(config, invoiceXml(), deps);

    expect(first.kind).toBe('accepted');
    expect(second).toEqual({ ...first, duplicate: true });
    expect(fake.registry.size).toBe(1);
    expect(fake.violations).toEqual([]);
  });

  it('sends a different invoice number as a new invoice', async () => {
    const { fake, deps } = setUp();
    await submitInvoice(config, invoiceXml('FV/2027/00042'), deps);
    const other = await submitInvoice(config, invoiceXml('FV/2027/00043'), deps);

    expect(other).toMatchObject({ kind: 'accepted' });
    expect(other).not.toHaveProperty('duplicate');
    expect(fake.registry.size).toBe(2);
  });
});

describe('the fake validates every request against the OpenAPI document', () => {
  const base = 'https://api-test.ksef.mf.gov.pl/v2';
  const session = '20250625-SO-2C3E6C8000-B675CF5D68-07';

  it('catches a send without a required field, a misspelt field and a wrong type', async () => {
    const { fake } = setUp();
    const { example } = documentExample(
      fake.validator.operations.find(
        (o) => o.method === 'POST' && o.template === '/sessions/online/{referenceNumber}/invoices',
      ) as Parameters<typeof documentExample>[0],
    );
    const valid = { ...(example as Record<string, unknown>), encryptedInvoiceContent: 'AAAA' } as Record<
      string,
      unknown
    >;
    const post = (body: unknown) =>
      fake.fetch(`${base}/sessions/online/${session}/invoices`, {
        method: 'POST',
        headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    const { encryptedInvoiceHash: _, ...missing } = valid;
    expect((await post(missing)).status).toBe(400);
    expect((await post({ ...valid, invoiceHsh: valid.invoiceHash })).status).toBe(400);
    expect((await post({ ...valid, invoiceSize: '6480' })).status).toBe(400);
    expect(fake.violations).toEqual([
      expect.stringContaining("must have required property 'encryptedInvoiceHash'"),
      expect.stringContaining('must NOT have additional properties'),
      expect.stringContaining('invoiceSize must be integer'),
    ]);
  });

  it('catches a missing Bearer token, a malformed path parameter and an undeclared query', async () => {
    const { fake } = setUp();
    await fake.fetch(`${base}/sessions/online/${session}/close`, { method: 'POST' });
    await fake.fetch(`${base}/sessions/online/short/close`, { method: 'POST', headers: { Authorization: 'Bearer x' } });
    await fake.fetch(`${base}/security/public-key-certificates?all=1`);
    expect(fake.violations).toEqual([
      expect.stringContaining('Authorization: Bearer'),
      expect.stringContaining('path parameter referenceNumber'),
      expect.stringContaining('query parameter all is not declared'),
    ]);
  });

  it('catches a client whose request drifts from the document', async () => {
    const { fake, deps } = setUp();
    // The client as it would be with a field renamed in the send request.
    const drifted: typeof fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? init.body.replace('"invoiceSize"', '"invoiceLength"') : init?.body;
      return fake.fetch(input, { ...init, body });
    };
    const outcome = await submitInvoice(config, invoiceXml(), { ...deps, fetch: drifted });

    expect(outcome).toMatchObject({ kind: 'retry', error: expect.stringContaining('21405') });
    expect(fake.violations).toEqual([
      expect.stringMatching(/POST \/sessions\/online\/\{referenceNumber\}\/invoices: body: .*invoiceSize/),
    ]);
  });
});
