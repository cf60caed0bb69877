import { backoff } from '../backoff';
import { base64, fromBase64, sha256 } from '../crypto';
import { publicKeyAlgorithm, RSA_ENCRYPTION_OID, subjectPublicKeyInfo } from './x509';

/**
 * A KSeF 2.0 client that sends one FA(3) invoice and learns its KSeF number, as the Ministry's API
 * documentation (CIRFMF/ksef-docs: open-api.json, uwierzytelnianie.md, sesja-interaktywna.md,
 * faktury/sesje/*, bezpieczenstwo/klucze-publiczne-do-szyfrowania.md) describes it:
 *
 * 1. `GET /security/public-key-certificates`: the Ministry's certificates, one per usage.
 * 2. `POST /auth/challenge`, `POST /auth/ksef-token` (the KSeF token and the challenge's timestamp,
 *    `token|timestampMs`, RSA-OAEP SHA-256 for the KsefTokenEncryption key), `GET /auth/{ref}` until
 *    it leaves 100, `POST /auth/token/redeem`: the access token.
 * 3. `POST /sessions/online` (FA(3) form code, a fresh AES-256 key RSA-OAEP-encrypted for the
 *    SymmetricKeyEncryption key, the IV), `POST /sessions/online/{ref}/invoices` (hashes and sizes of
 *    the plain and the AES-256-CBC/PKCS#7 encrypted invoice, the content in base64),
 *    `POST /sessions/online/{ref}/close`, then `GET /sessions/{ref}/invoices/{invoiceRef}` until the
 *    invoice has a KSeF number or an error.
 * 4. `DELETE /auth/sessions/current`, so no refresh token outlives the call.
 *
 * Web APIs only (fetch, WebCrypto): the worker's queue consumer calls it.
 */

/** Bytes WebCrypto takes (an ArrayBuffer behind them, never a SharedArrayBuffer). */
type Bytes = Uint8Array<ArrayBuffer>;

/** UTF-8 bytes (TextEncoder always makes a fresh ArrayBuffer; some lib typings do not say so). */
const utf8 = (text: string) => new TextEncoder().encode(text) as Bytes;

export type KsefEnvironment = 'test' | 'demo' | 'production';

export type KsefConfig = { environment: KsefEnvironment; nip: string; token: string };

export type KsefOutcome =
  /**
   * KSeF holds the invoice. `duplicate`: an earlier attempt had already got it there (KSeF answered
   * 440, duplicate), so the number is that earlier one's.
   */
  | { kind: 'accepted'; ksefNumber: string; acceptedAt: string; duplicate?: true }
  /** A fault in the document itself: never send it again as it is. */
  | { kind: 'rejected'; error: string }
  /** May pass later; `notBefore` (epoch ms) when KSeF said how long to wait (429 Retry-After). */
  | { kind: 'retry'; error: string; notBefore?: number };

export type KsefDeps = {
  fetch: typeof fetch;
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * The API base per environment. srodowiska.md names the hosts (its documentation URLs are
 * `<host>/docs/v2`); open-api.json's server for TEST is `https://api-test.ksef.mf.gov.pl/v2`, and the
 * other two follow the same form.
 */
export const KSEF_API_BASE: Record<KsefEnvironment, string> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  production: 'https://api.ksef.mf.gov.pl/v2',
};

/** FA(3)'s form code for `POST /sessions/online` (OpenOnlineSessionRequest.formCode's table). */
export const FA3_FORM_CODE = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

/** KSeF's size limit for an invoice without attachments (weryfikacja-faktury.md), in bytes. */
export const MAX_INVOICE_BYTES = 1_000_000;

/** How long one call waits for authentication and for the invoice's status before it says `retry`. */
export const AUTH_WAIT_MS = 30_000;
export const STATUS_WAIT_MS = 90_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BACKOFF = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];

/**
 * When to try again after `attempts` failed attempts: 1 min, 5 min, 30 min, 2 h, then every 6 h.
 * No attempt yet: now.
 */
export function nextAttemptAt(attempts: number, now: number): number {
  if (attempts <= 0) return now;
  return now + backoff(BACKOFF, attempts);
}

/** CRC-8, polynomial 0x07, initial value 0 (faktury/numer-ksef.md), as two upper-case hex digits. */
function crc8(text: string): string {
  let crc = 0;
  for (const byte of utf8(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

/** Whether a KSeF number has its form (`NIP-YYYYMMDD-12 hex-CRC`, 35 characters) and its checksum. */
export function isValidKsefNumber(value: string): boolean {
  return /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/.test(value) && crc8(value.slice(0, 32)) === value.slice(33);
}

/** A certificate as `GET /security/public-key-certificates` lists it. */
export type PublicKeyCertificate = {
  certificate: string;
  certificateId: string;
  publicKeyId: string;
  validFrom: string;
  validTo: string;
  usage: string[];
};

/**
 * The certificate to encrypt for `usage` at `now`: valid then, and of several the one with the latest
 * `validFrom` (klucze-publiczne-do-szyfrowania.md, 4.1), which is how a planned rotation is followed.
 */
export function selectCertificate(
  certificates: PublicKeyCertificate[],
  usage: 'KsefTokenEncryption' | 'SymmetricKeyEncryption',
  now: number,
): PublicKeyCertificate | undefined {
  return certificates
    .filter((c) => c.usage.includes(usage) && Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
}

type Outcome<K extends KsefOutcome['kind']> = Extract<KsefOutcome, { kind: K }>;

/** Ends the call with an outcome from deep inside it. */
class Stop extends Error {
  constructor(readonly outcome: Outcome<'retry'> | Outcome<'rejected'>) {
    super(outcome.error);
  }
}

const retry = (error: string, notBefore?: number): Stop =>
  new Stop(notBefore === undefined ? { kind: 'retry', error } : { kind: 'retry', error, notBefore });

type Context = { base: string; deps: KsefDeps; sleep: (ms: number) => Promise<void> };

type Reply =
  | { ok: true; status: number; body: unknown }
  | { ok: false; reachedKsef: boolean; error: string; notBefore?: number };

type Call = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** What the call does, for error messages. */
  what: string;
  bearer?: string;
  body?: unknown;
  headers?: Record<string, string>;
  expect: number;
};

/** One request: its parsed JSON body on the expected status, else why not. */
async function request(ctx: Context, call: Call): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  if (call.bearer) headers.Authorization = `Bearer ${call.bearer}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await ctx.deps.fetch(`${ctx.base}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  } catch (error) {
    // The request may or may not have reached KSeF: only the reply is known to be lost.
    return { ok: false, reachedKsef: true, error: `${call.what}: network error: ${messageOf(error)}` };
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.status === call.expect) return { ok: true, status: response.status, body };
  const error = `${call.what}: HTTP ${response.status}${describeError(body)}`;
  if (response.status === 429) {
    return { ok: false, reachedKsef: false, error, notBefore: retryAfter(response.headers, ctx.deps.now()) };
  }
  // A 5xx may come from a gateway after KSeF took the request in.
  return { ok: false, reachedKsef: response.status >= 500, error };
}

/** The body of a call that must succeed; any failure ends the call with `retry`. */
async function must<T>(ctx: Context, call: Call): Promise<T> {
  const reply = await request(ctx, call);
  if (!reply.ok) throw retry(reply.error, reply.notBefore);
  return reply.body as T;
}

/** `Retry-After` in seconds (limity-api.md) or as an HTTP date, as an instant. */
function retryAfter(headers: Headers, now: number): number | undefined {
  const value = headers.get('Retry-After');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return now + Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

/**
 * KSeF's error body as text: the (deprecated, still default) ExceptionResponse, Problem Details, or
 * the 429 body.
 */
function describeError(body: unknown): string {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : '';
  const b = body as Record<string, unknown>;
  type Detail = { code?: number; description?: string | null; details?: string[] | null };
  const format = (list: Detail[]) =>
    list
      .map((d) =>
        [d.code, d.description, d.details?.length ? `(${d.details.join('; ')})` : ''].filter(Boolean).join(' '),
      )
      .join('; ');
  const exception = b.exception as { exceptionDetailList?: unknown } | undefined;
  if (Array.isArray(exception?.exceptionDetailList)) {
    const list = exception.exceptionDetailList as {
      exceptionCode?: number;
      exceptionDescription?: string | null;
      details?: string[] | null;
    }[];
    return `: ${format(list.map((d) => ({ code: d.exceptionCode, description: d.exceptionDescription, details: d.details })))}`;
  }
  if (Array.isArray(b.errors)) return `: ${format(b.errors as Detail[])}`;
  const status = b.status as Detail | undefined;
  if (status && typeof status === 'object') return `: ${format([status])}`;
  if (typeof b.detail === 'string') return `: ${b.detail}`;
  return '';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const sha256Base64 = async (bytes: Bytes) => base64(await sha256(bytes));

/** RSA-OAEP with SHA-256 (and MGF1 over SHA-256, WebCrypto's only form) for a certificate's key. */
async function encryptFor(certificate: PublicKeyCertificate, data: Bytes, usage: string): Promise<Bytes> {
  let spki: Bytes;
  try {
    spki = subjectPublicKeyInfo(fromBase64(certificate.certificate));
  } catch (error) {
    throw retry(`the ${usage} certificate cannot be read: ${messageOf(error)}`);
  }
  const algorithm = publicKeyAlgorithm(spki);
  // The documentation describes RSA-OAEP only; a key of another kind needs a change here, not a retry.
  if (algorithm !== RSA_ENCRYPTION_OID) throw retry(`the ${usage} key is not RSA (${algorithm})`);
  const key = await crypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  return new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, data));
}

/**
 * Calls `read` until `done` says so or `budget` ms have passed, waiting a little longer each time;
 * returns the last value read.
 */
async function poll<T>(ctx: Context, budget: number, read: () => Promise<T>, done: (value: T) => boolean) {
  const start = ctx.deps.now();
  const delays = [500, 1000, 2000, 3000];
  for (let round = 0; ; round++) {
    const value = await read();
    if (done(value)) return value;
    const delay = delays[round] ?? 5000;
    if (ctx.deps.now() - start + delay > budget) return value;
    await ctx.sleep(delay);
  }
}

type StatusInfo = {
  code: number;
  description: string;
  details?: string[] | null;
  extensions?: Record<string, string | null> | null;
};

const describeStatus = (status: StatusInfo) =>
  `${status.code} ${status.description}${status.details?.length ? `: ${status.details.join('; ')}` : ''}`;

/** Authentication with the KSeF token: the access token (uwierzytelnianie.md 2.2, 3, 4). */
async function authenticate(ctx: Context, config: KsefConfig, certificate: PublicKeyCertificate): Promise<string> {
  const challenge = await must<{ challenge: string; timestampMs: number }>(ctx, {
    method: 'POST',
    path: '/auth/challenge',
    what: 'auth challenge',
    expect: 200,
  });
  const secret = utf8(`${config.token}|${challenge.timestampMs}`);
  const encryptedToken = base64(await encryptFor(certificate, secret, 'KsefTokenEncryption'));
  const init = await must<{ referenceNumber: string; authenticationToken: { token: string } }>(ctx, {
    method: 'POST',
    path: '/auth/ksef-token',
    what: 'authentication with the KSeF token',
    body: {
      challenge: challenge.challenge,
      contextIdentifier: { type: 'Nip', value: config.nip },
      encryptedToken,
      publicKeyId: certificate.publicKeyId,
    },
    expect: 202,
  });
  const operation = init.authenticationToken.token;
  const state = await poll(
    ctx,
    AUTH_WAIT_MS,
    () =>
      must<{ status: StatusInfo }>(ctx, {
        method: 'GET',
        path: `/auth/${encodeURIComponent(init.referenceNumber)}`,
        what: 'authentication status',
        bearer: operation,
        expect: 200,
      }),
    (value) => value.status.code !== 100,
  );
  if (state.status.code === 100) throw retry('authentication still in progress after the wait');
  // 415 (no permissions), 450 (bad or revoked token) and the rest are the configuration's faults or
  // KSeF's, never the invoice's: the invoice waits for them to be fixed.
  if (state.status.code !== 200) throw retry(`authentication failed: ${describeStatus(state.status)}`);
  const tokens = await must<{ accessToken: { token: string } }>(ctx, {
    method: 'POST',
    path: '/auth/token/redeem',
    what: 'redeeming the access token',
    bearer: operation,
    expect: 200,
  });
  return tokens.accessToken.token;
}

type SessionInvoice = {
  referenceNumber: string;
  invoiceHash: string;
  ksefNumber?: string | null;
  acquisitionDate?: string | null;
  invoicingDate: string;
  status: StatusInfo;
};

/** The invoices of a session, page by page, until `match` finds one (at most a few pages). */
async function findInSession(
  ctx: Context,
  accessToken: string,
  session: string,
  match: (invoice: SessionInvoice) => boolean,
): Promise<SessionInvoice | undefined> {
  let continuation: string | null | undefined;
  for (let page = 0; page < 10; page++) {
    const list = await must<{ invoices: SessionInvoice[]; continuationToken?: string | null }>(ctx, {
      method: 'GET',
      path: `/sessions/${encodeURIComponent(session)}/invoices`,
      what: 'listing the session invoices',
      bearer: accessToken,
      headers: continuation ? { 'x-continuation-token': continuation } : undefined,
      expect: 200,
    });
    const found = list.invoices.find(match);
    if (found || !list.continuationToken) return found;
    continuation = list.continuationToken;
  }
  return undefined;
}

const KSEF_NUMBER_IN_TEXT = /\b\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}\b/;
const SESSION_IN_TEXT = /\b\d{8}-SO-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}\b/;

/**
 * A 440 (duplicate): KSeF already holds an invoice with this seller, kind and number
 * (weryfikacja-faktury.md), which for a gap-free series is this one, sent by an earlier attempt
 * whose reply was lost. Its number is in the status's extensions (`originalKsefNumber`, or the
 * details' text); the instant it got it, in the original session's list of invoices.
 */
async function recoverDuplicate(ctx: Context, accessToken: string, status: StatusInfo): Promise<KsefOutcome> {
  const text = status.details?.join(' ') ?? '';
  const ksefNumber = status.extensions?.originalKsefNumber ?? text.match(KSEF_NUMBER_IN_TEXT)?.[0];
  if (!ksefNumber || !isValidKsefNumber(ksefNumber)) {
    // Sending it again would only be refused again; a person has to look it up in KSeF.
    return {
      kind: 'rejected',
      error: `KSeF already holds an invoice with this number (duplicate) but did not give its KSeF number: ${describeStatus(status)}`,
    };
  }
  const session = status.extensions?.originalSessionReferenceNumber ?? text.match(SESSION_IN_TEXT)?.[0];
  let acceptedAt: string | undefined;
  if (session) {
    try {
      const original = await findInSession(ctx, accessToken, session, (i) => i.ksefNumber === ksefNumber);
      acceptedAt = original?.acquisitionDate ?? original?.invoicingDate;
    } catch {
      // The number is what matters; the instant falls back to the day in the number.
    }
  }
  // The number carries the day KSeF took the invoice in (numer-ksef.md): YYYY-MM-DD.
  acceptedAt ??= `${ksefNumber.slice(11, 15)}-${ksefNumber.slice(15, 17)}-${ksefNumber.slice(17, 19)}`;
  return { kind: 'accepted', ksefNumber, acceptedAt, duplicate: true };
}

/** Invoice statuses that mean the document is at fault (SessionInvoiceStatusResponse.status's table). */
const DOCUMENT_FAULTS: Record<number, string> = {
  415: 'an invoice with an attachment cannot be sent this way',
  430: 'the invoice file failed verification (XML, schema)',
  450: 'the invoice failed semantic verification',
};

/** What an invoice's final status means for it. */
async function outcomeOf(ctx: Context, accessToken: string, invoice: SessionInvoice): Promise<KsefOutcome> {
  const { status } = invoice;
  if (status.code === 200) {
    if (!invoice.ksefNumber || !isValidKsefNumber(invoice.ksefNumber)) {
      return { kind: 'retry', error: `KSeF reported success without a valid KSeF number (${invoice.ksefNumber})` };
    }
    return {
      kind: 'accepted',
      ksefNumber: invoice.ksefNumber,
      acceptedAt: invoice.acquisitionDate ?? invoice.invoicingDate,
    };
  }
  if (status.code === 440) return recoverDuplicate(ctx, accessToken, status);
  const fault = DOCUMENT_FAULTS[status.code];
  if (fault) return { kind: 'rejected', error: `${fault}: ${describeStatus(status)}` };
  if (status.code === 100 || status.code === 150) {
    return { kind: 'retry', error: `the invoice is still being processed after the wait: ${describeStatus(status)}` };
  }
  // 405 (session error), 410 (permissions), 435 (decryption), 500, 550 (cancelled, "try again"):
  // not the document's fault. Sending it again is safe: a copy that did get in is answered with 440.
  return { kind: 'retry', error: `KSeF did not take the invoice: ${describeStatus(status)}` };
}

/** The interactive session: open, send, close, read the invoice's status (sesja-interaktywna.md). */
async function sendInSession(
  ctx: Context,
  accessToken: string,
  certificate: PublicKeyCertificate,
  invoice: Bytes,
): Promise<KsefOutcome> {
  // A fresh key and IV per session, as the documentation recommends.
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const aesKey = await crypto.subtle.importKey('raw', rawKey, 'AES-CBC', false, ['encrypt']);
  // WebCrypto's AES-CBC pads with PKCS#7. The IV travels in the session's `initializationVector`, not
  // in front of the ciphertext (as the official C# and Java clients do).
  const encrypted = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, aesKey, invoice));
  const encryptedSymmetricKey = base64(await encryptFor(certificate, rawKey, 'SymmetricKeyEncryption'));

  const session = await must<{ referenceNumber: string }>(ctx, {
    method: 'POST',
    path: '/sessions/online',
    what: 'opening the session',
    bearer: accessToken,
    body: {
      formCode: FA3_FORM_CODE,
      encryption: { encryptedSymmetricKey, initializationVector: base64(iv), publicKeyId: certificate.publicKeyId },
    },
    expect: 201,
  });
  const sessionPath = `/sessions/${encodeURIComponent(session.referenceNumber)}`;
  const close = () =>
    request(ctx, {
      method: 'POST',
      path: `/sessions/online/${encodeURIComponent(session.referenceNumber)}/close`,
      what: 'closing the session',
      bearer: accessToken,
      expect: 204,
    });

  const invoiceHash = await sha256Base64(invoice);
  const sent = await request(ctx, {
    method: 'POST',
    path: `/sessions/online/${encodeURIComponent(session.referenceNumber)}/invoices`,
    what: 'sending the invoice',
    bearer: accessToken,
    body: {
      invoiceHash,
      invoiceSize: invoice.length,
      encryptedInvoiceHash: await sha256Base64(encrypted),
      encryptedInvoiceSize: encrypted.length,
      encryptedInvoiceContent: base64(encrypted),
      offlineMode: false,
    },
    expect: 202,
  });
  let invoiceReference: string | undefined;
  if (sent.ok) invoiceReference = (sent.body as { referenceNumber: string }).referenceNumber;
  else if (sent.reachedKsef) {
    // The reply is lost but the invoice may be in: the session (new, so holding only this invoice)
    // says, and then it is followed there instead of being sent a second time.
    try {
      const found = await poll(
        ctx,
        5000,
        () => findInSession(ctx, accessToken, session.referenceNumber, (i) => i.invoiceHash === invoiceHash),
        (value) => value !== undefined,
      );
      invoiceReference = found?.referenceNumber;
    } catch {
      // Not known: a later attempt sends it again, and KSeF answers a copy that got in with 440.
    }
  }
  // Closing starts the session's UPO; the invoice's processing goes on. A failed close is harmless
  // (KSeF closes an idle session itself), so its outcome is not the invoice's.
  await close();
  if (!sent.ok && !invoiceReference) throw retry(sent.error, sent.notBefore);

  const status = await poll(
    ctx,
    STATUS_WAIT_MS,
    () =>
      must<SessionInvoice>(ctx, {
        method: 'GET',
        path: `${sessionPath}/invoices/${encodeURIComponent(invoiceReference as string)}`,
        what: 'invoice status',
        bearer: accessToken,
        expect: 200,
      }),
    (value) => value.status.code !== 100 && value.status.code !== 150,
  );
  return outcomeOf(ctx, accessToken, status);
}

/** Why KSeF would refuse these bytes whatever happens, before anything is sent (weryfikacja-faktury.md). */
function documentFault(xml: string, bytes: Bytes): string | undefined {
  if (xml.charCodeAt(0) === 0xfeff) return 'the invoice starts with a byte order mark, which KSeF refuses';
  if (bytes.length > MAX_INVOICE_BYTES) {
    return `the invoice is ${bytes.length} bytes, over KSeF's ${MAX_INVOICE_BYTES} for an invoice without attachments`;
  }
  if (bytes.length === 0) return 'the invoice is empty';
  return undefined;
}

/**
 * Sends one FA(3) invoice to KSeF and returns its KSeF number, or why not: `rejected` for a fault in
 * the document (never send it again as is), `retry` for anything that may pass later. Safe to call
 * again for the same invoice: a copy that an earlier call got in comes back as `accepted` with its
 * number (`duplicate: true`), never as a second invoice.
 */
export async function submitInvoice(config: KsefConfig, xml: string, deps: KsefDeps): Promise<KsefOutcome> {
  const invoice = utf8(xml);
  const fault = documentFault(xml, invoice);
  if (fault) return { kind: 'rejected', error: fault };
  const ctx: Context = {
    base: KSEF_API_BASE[config.environment],
    deps,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  try {
    const certificates = await must<PublicKeyCertificate[]>(ctx, {
      method: 'GET',
      path: '/security/public-key-certificates',
      what: 'public key certificates',
      expect: 200,
    });
    const now = deps.now();
    const tokenCertificate = selectCertificate(certificates, 'KsefTokenEncryption', now);
    const keyCertificate = selectCertificate(certificates, 'SymmetricKeyEncryption', now);
    if (!tokenCertificate || !keyCertificate) throw retry('KSeF lists no valid certificate for one of the usages');
    const accessToken = await authenticate(ctx, config, tokenCertificate);
    try {
      return await sendInSession(ctx, accessToken, keyCertificate, invoice);
    } finally {
      // Ends the authentication session so its refresh token (valid 7 days) dies with this call.
      await request(ctx, {
        method: 'DELETE',
        path: '/auth/sessions/current',
        what: 'ending the authentication session',
        bearer: accessToken,
        expect: 204,
      });
    }
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    return { kind: 'retry', error: `unexpected: ${messageOf(error)}` };
  }
}
