import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * A fake KSeF 2.0 built from the Ministry's OpenAPI document (test/vendor/ksef-api/open-api.json).
 * Every request is matched to its operation by method and path template and validated against the
 * document: path, query and header parameters, the Bearer requirement, the JSON body against the
 * operation's schema (ajv; OpenAPI's `nullable` rewritten for JSON Schema, and objects closed so a
 * misspelt property is caught too). A request that fails is recorded in `violations` and answered
 * 400 (21405) as KSeF would. Valid requests get the operation's own example response, with only the
 * values the flow needs changed (reference numbers, tokens, the KSeF number, the status). The fake
 * also does what KSeF does with the content: decrypts the KSeF token and the invoice with its own
 * private keys (test certificates, not the Ministry's), checks hashes and sizes, keeps the bytes it
 * got, and refuses a second invoice with the same seller, kind and number as a duplicate (440).
 */

const VENDOR = 'test/vendor/ksef-api';
const DOC_ID = 'ksef-openapi.json';

type Json = Record<string, unknown>;
type Schema = Json;
type Operation = {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  spec: Json;
};

export const ksefDocument: Json = JSON.parse(readFileSync(`${VENDOR}/open-api.json`, 'utf8'));

/**
 * An OpenAPI 3.0 schema as JSON Schema for ajv: `nullable: true` becomes `anyOf [..., null]` (ajv
 * refuses `nullable` without `type`, and the document has it beside `allOf`), and an object schema
 * that lists its properties gets `additionalProperties: false` unless it says otherwise.
 */
function toJsonSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Schema = { ...(schema as Schema) };
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Json).map(([key, value]) => [key, toJsonSchema(value)]),
    );
    if (out.additionalProperties === undefined) out.additionalProperties = false;
  }
  if (out.additionalProperties && typeof out.additionalProperties === 'object') {
    out.additionalProperties = toJsonSchema(out.additionalProperties);
  }
  if (out.items) out.items = toJsonSchema(out.items);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(toJsonSchema);
  }
  if (out.nullable === true) {
    const { nullable: _, description, ...rest } = out;
    return { description, anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

/** The document with every schema (components, bodies, parameters) made ajv-ready. */
function preparedDocument(): Json {
  const doc = structuredClone(ksefDocument) as {
    components: { schemas: Json };
    paths: Record<string, Record<string, Json>>;
  };
  doc.components.schemas = Object.fromEntries(
    Object.entries(doc.components.schemas).map(([name, schema]) => [name, toJsonSchema(schema)]),
  );
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
        parameter.schema = toJsonSchema(parameter.schema);
      }
      const content = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content;
      for (const media of Object.values(content ?? {})) media.schema = toJsonSchema(media.schema);
    }
  }
  return doc as unknown as Json;
}

const pointer = (...segments: string[]) =>
  segments.map((s) => `/${encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

/** Validates requests against the document's operations. */
export class OpenApiValidator {
  readonly operations: Operation[];
  private readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false, logger: false });
    addFormats.default(this.ajv);
    this.ajv.addSchema(preparedDocument(), DOC_ID);
    const paths = ksefDocument.paths as Record<string, Record<string, Json>>;
    this.operations = Object.entries(paths)
      .flatMap(([template, operations]) =>
        Object.entries(operations).map(([method, spec]) => {
          const names: string[] = [];
          const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
            names.push(name);
            return '([^/]+)';
          });
          return { method: method.toUpperCase(), template, pattern: new RegExp(`^${source}$`), names, spec };
        }),
      )
      // A literal segment wins over a parameter: `/sessions/{ref}/invoices/failed` before `/{invoiceRef}`.
      .sort((a, b) => a.names.length - b.names.length);
  }

  private schema(ref: string): ValidateFunction {
    let validate = this.cache.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${ref}` });
      this.cache.set(ref, validate);
    }
    return validate;
  }

  /** The operation for a method and a path under the API base, with its path parameters. */
  match(method: string, path: string): { operation: Operation; params: Record<string, string> } | undefined {
    for (const operation of this.operations) {
      if (operation.method !== method) continue;
      const found = operation.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(
        operation.names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]),
      );
      return { operation, params };
    }
    return undefined;
  }

  /** Every way the request breaks the operation's contract (empty when it keeps it). */
  validate(
    operation: Operation,
    params: Record<string, string>,
    url: URL,
    headers: Headers,
    body: string | null,
  ): string[] {
    const errors: string[] = [];
    const declared = (operation.spec.parameters as Json[] | undefined) ?? [];
    declared.forEach((parameter, index) => {
      const name = parameter.name as string;
      const value =
        parameter.in === 'path'
          ? params[name]
          : parameter.in === 'query'
            ? (url.searchParams.get(name) ?? undefined)
            : parameter.in === 'header'
              ? (headers.get(name) ?? undefined)
              : undefined;
      if (value === undefined) {
        if (parameter.required) errors.push(`${parameter.in} parameter ${name} is required`);
        return;
      }
      const schema = parameter.schema as Schema;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = this.schema(
        pointer('paths', operation.template, operation.method.toLowerCase(), 'parameters', String(index), 'schema'),
      );
      if (!validate(typed)) errors.push(`${parameter.in} parameter ${name}: ${this.ajv.errorsText(validate.errors)}`);
    });
    for (const name of url.searchParams.keys()) {
      if (!declared.some((p) => p.in === 'query' && p.name === name))
        errors.push(`query parameter ${name} is not declared`);
    }
    const security = operation.spec.security as Json[] | undefined;
    if (security?.some((s) => 'Bearer' in s) && !/^Bearer \S+$/.test(headers.get('Authorization') ?? '')) {
      errors.push('Authorization: Bearer <token> is required');
    }
    const requestBody = operation.spec.requestBody as
      | { content: Record<string, unknown>; required?: boolean }
      | undefined;
    if (!requestBody) {
      if (body) errors.push('the operation takes no request body');
      return errors;
    }
    if (!body) {
      errors.push('a request body is required');
      return errors;
    }
    const type = headers.get('Content-Type')?.split(';')[0]?.trim();
    if (!type || !(type in requestBody.content)) {
      errors.push(`Content-Type ${type} is not one the operation takes`);
      return errors;
    }
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      errors.push('the body is not JSON');
      return errors;
    }
    const validate = this.schema(
      pointer('paths', operation.template, operation.method.toLowerCase(), 'requestBody', 'content', type, 'schema'),
    );
    if (!validate(data)) errors.push(`body: ${this.ajv.errorsText(validate.errors)}`);
    return errors;
  }
}

/** The operation's success status and its example response from the document. */
export function documentExample(operation: Operation, name?: string): { status: number; example: unknown } {
  const responses = operation.spec.responses as Record<string, { content?: Record<string, Json> }>;
  const status = Object.keys(responses).find((code) => code.startsWith('2')) as string;
  const media = responses[status]?.content?.['application/json'];
  if (!media) return { status: Number(status), example: undefined };
  const examples = media.examples as Record<string, { value: unknown }> | undefined;
  const example = name ? examples?.[name]?.value : (media.example ?? Object.values(examples ?? {})[0]?.value);
  return { status: Number(status), example: structuredClone(example) };
}

/** The test key pairs standing in for the Ministry's (test/vendor/ksef-api/README in SOURCE.md). */
export function testKeys() {
  const load = (usage: string) => {
    const certificate = new X509Certificate(readFileSync(`${VENDOR}/test-${usage}.cert.pem`));
    const privateKey = createPrivateKey(readFileSync(`${VENDOR}/test-${usage}.key.pem`));
    const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
    return {
      certificate,
      privateKey,
      der: certificate.raw,
      certificateId: createHash('sha256').update(certificate.raw).digest('base64'),
      // klucze-publiczne-do-szyfrowania.md: SHA-256 of the SubjectPublicKeyInfo, base64.
      publicKeyId: createHash('sha256').update(spki).digest('base64'),
    };
  };
  return { token: load('ksef-token-encryption'), symmetric: load('symmetric-key-encryption') };
}

const crc8 = (text: string) => {
  let crc = 0;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
};

/** What the fake does to the next request of an operation (keyed `METHOD /template`). */
export type Fault =
  /** Handles the request, then the reply never arrives (the client's fetch rejects). */
  | { kind: 'lose-reply' }
  /** Answers with this status, without handling the request. */
  | { kind: 'status'; status: number; retryAfter?: number };

export type FakeOptions = {
  nip: string;
  token: string;
  now: () => number;
  base?: string;
  /** How many status reads answer "in progress" before the outcome. */
  authPolls?: number;
  invoicePolls?: number;
  /** The status an invoice ends with instead of 200 (e.g. 450), unless it is a duplicate. */
  invoiceStatus?: { code: number; description: string; details?: string[] };
};

type StoredInvoice = {
  session: string;
  referenceNumber: string;
  ordinalNumber: number;
  invoiceHash: string;
  invoicingDate: string;
  reads: number;
  final: { code: number; description: string; details?: string[]; extensions?: Record<string, string> };
  ksefNumber?: string;
  acquisitionDate?: string;
};

/** A fake KSeF: `fetch` to hand the client, and what it saw. */
export function createFakeKsef(options: FakeOptions) {
  const base = options.base ?? 'https://api-test.ksef.mf.gov.pl/v2';
  const validator = new OpenApiValidator();
  const keys = testKeys();
  const violations: string[] = [];
  const calls: string[] = [];
  const faults = new Map<string, Fault[]>();
  /** The invoices KSeF holds, by seller NIP, kind and number (the duplicate criterion). */
  const registry = new Map<string, { ksefNumber: string; session: string }>();
  const received: Buffer[] = [];
  const challenges = new Map<string, number>();
  const authOperations = new Map<string, { token: string; reads: number; code: number; redeemed: boolean }>();
  const accessTokens = new Set<string>();
  const sessions = new Map<string, { key: Buffer; iv: Buffer; closed: boolean; invoices: StoredInvoice[] }>();
  let serial = 0;

  const iso = () => new Date(options.now()).toISOString();
  /** A reference number in KSeF's form (36 characters): `YYYYMMDD-XX-10 hex-10 hex-2 hex`. */
  const reference = (kind: string) => {
    serial++;
    const day = iso().slice(0, 10).replace(/-/g, '');
    const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
    return `${day}-${kind}-${hex(serial, 10)}-${hex(serial * 7919, 10)}-${hex(serial % 256, 2)}`;
  };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    });
  const badRequest = (code: number, description: string, details: string[]) =>
    json(400, {
      exception: {
        exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
        timestamp: iso(),
      },
    });
  const bearer = (headers: Headers) => headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
  const oaep = (key: typeof keys.token, data: string) =>
    privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(data, 'base64'),
    );
  const violation = (message: string) => {
    violations.push(message);
  };

  const handlers: Record<string, (params: Record<string, string>, headers: Headers, body: Json) => Response> = {
    'GET /security/public-key-certificates': () => {
      const { status, example } = documentExample(op('GET', '/security/public-key-certificates'));
      const list = (example as Json[]).map((entry) => {
        const key = (entry.usage as string[]).includes('KsefTokenEncryption') ? keys.token : keys.symmetric;
        return {
          ...entry,
          certificate: key.der.toString('base64'),
          certificateId: key.certificateId,
          publicKeyId: key.publicKeyId,
        };
      });
      return json(status, list);
    },
    'POST /auth/challenge': () => {
      const { status, example } = documentExample(op('POST', '/auth/challenge'));
      const challenge = example as { challenge: string; timestampMs: number };
      challenges.set(challenge.challenge, challenge.timestampMs);
      return json(status, challenge);
    },
    'POST /auth/ksef-token': (_, __, body) => {
      const timestampMs = challenges.get(body.challenge as string);
      let code = 100;
      if (timestampMs === undefined) return badRequest(21111, 'Nieprawidłowe wyzwanie autoryzacyjne.', []);
      if (body.publicKeyId !== undefined && body.publicKeyId !== keys.token.publicKeyId) {
        return badRequest(21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.', []);
      }
      const context = body.contextIdentifier as { type: string; value: string };
      if (context.type !== 'Nip' || context.value !== options.nip) violation(`context ${JSON.stringify(context)}`);
      let secret = '';
      try {
        secret = oaep(keys.token, body.encryptedToken as string).toString('utf8');
      } catch {
        violation('the KSeF token does not decrypt with the KsefTokenEncryption key');
      }
      // A wrong token is not refused here: KSeF says so in the status (450).
      if (secret !== `${options.token}|${timestampMs}`) code = 450;
      const { status, example } = documentExample(op('POST', '/auth/ksef-token'));
      const init = example as { referenceNumber: string; authenticationToken: { token: string } };
      init.referenceNumber = reference('AU');
      init.authenticationToken.token = `operation-${randomBytes(8).toString('hex')}`;
      authOperations.set(init.referenceNumber, {
        token: init.authenticationToken.token,
        reads: 0,
        code,
        redeemed: false,
      });
      return json(status, init);
    },
    'GET /auth/{referenceNumber}': (params, headers) => {
      const operation = authOperations.get(params.referenceNumber as string);
      if (!operation) return badRequest(21304, 'Brak uwierzytelnienia.', []);
      if (bearer(headers) !== operation.token) return json(401, undefined);
      operation.reads++;
      const inProgress = operation.reads <= (options.authPolls ?? 1);
      const name = inProgress
        ? 'Kod 100 | Uwierzytelnianie w toku'
        : operation.code === 200 || operation.code === 100
          ? 'Kod 200 | Uwierzytelnianie zakończone sukcesem'
          : 'Kod 400 | Uwierzytelnianie zakończone niepowodzeniem | Niepoprawny certyfikat';
      if (!inProgress && operation.code === 100) operation.code = 200;
      const { status, example } = documentExample(op('GET', '/auth/{referenceNumber}'), name);
      if (!inProgress && operation.code === 450) {
        // The document has no example for 450; its status table gives the code and text.
        (example as Json).status = {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: ['Nieprawidłowy token'],
        };
      }
      return json(status, example);
    },
    'POST /auth/token/redeem': (_, headers) => {
      const operation = [...authOperations.values()].find((o) => o.token === bearer(headers));
      if (!operation) return json(401, undefined);
      if (operation.redeemed || operation.code !== 200) return badRequest(21301, 'Brak autoryzacji.', []);
      operation.redeemed = true;
      const { status, example } = documentExample(op('POST', '/auth/token/redeem'));
      const tokens = example as { accessToken: { token: string }; refreshToken: { token: string } };
      tokens.accessToken.token = `access-${randomBytes(8).toString('hex')}`;
      tokens.refreshToken.token = `refresh-${randomBytes(8).toString('hex')}`;
      accessTokens.add(tokens.accessToken.token);
      return json(status, tokens);
    },
    'DELETE /auth/sessions/current': (_, headers) => {
      if (!accessTokens.delete(bearer(headers))) return json(401, undefined);
      return json(204, undefined);
    },
    'POST /sessions/online': (_, headers, body) => {
      if (!accessTokens.has(bearer(headers))) return json(401, undefined);
      const encryption = body.encryption as {
        encryptedSymmetricKey: string;
        initializationVector: string;
        publicKeyId?: string;
      };
      const formCode = body.formCode as Json;
      if (formCode.systemCode !== 'FA (3)' || formCode.schemaVersion !== '1-0E' || formCode.value !== 'FA') {
        return badRequest(21405, 'Błąd walidacji danych wejściowych.', ['Wskazany kod formularza nie jest wspierany.']);
      }
      if (encryption.publicKeyId !== undefined && encryption.publicKeyId !== keys.symmetric.publicKeyId) {
        return badRequest(21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.', []);
      }
      let key = Buffer.alloc(0);
      try {
        key = oaep(keys.symmetric, encryption.encryptedSymmetricKey);
      } catch {
        violation('the symmetric key does not decrypt with the SymmetricKeyEncryption key');
      }
      const iv = Buffer.from(encryption.initializationVector, 'base64');
      if (key.length !== 32) violation(`symmetric key of ${key.length} bytes`);
      if (iv.length !== 16) violation(`IV of ${iv.length} bytes`);
      const { status, example } = documentExample(op('POST', '/sessions/online'));
      const session = example as { referenceNumber: string };
      session.referenceNumber = reference('SO');
      sessions.set(session.referenceNumber, { key, iv, closed: false, invoices: [] });
      return json(status, session);
    },
    'POST /sessions/online/{referenceNumber}/invoices': (params, headers, body) => {
      if (!accessTokens.has(bearer(headers))) return json(401, undefined);
      const session = sessions.get(params.referenceNumber as string);
      if (!session) return badRequest(21173, 'Brak sesji o wskazanym numerze referencyjnym.', []);
      if (session.closed) return badRequest(21180, 'Status sesji nie pozwala na wykonanie operacji.', []);
      const encrypted = Buffer.from(body.encryptedInvoiceContent as string, 'base64');
      if (encrypted.length !== body.encryptedInvoiceSize) {
        return badRequest(21402, 'Nieprawidłowy rozmiar pliku.', ['Długość treści nie zgadza się z rozmiarem pliku.']);
      }
      if (createHash('sha256').update(encrypted).digest('base64') !== body.encryptedInvoiceHash) {
        return badRequest(21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
      }
      const reference_ = reference('EE');
      const stored: StoredInvoice = {
        session: params.referenceNumber as string,
        referenceNumber: reference_,
        ordinalNumber: session.invoices.length + 1,
        invoiceHash: body.invoiceHash as string,
        invoicingDate: iso(),
        reads: 0,
        final: { code: 435, description: 'Błąd odszyfrowania pliku' },
      };
      session.invoices.push(stored);
      let invoice: Buffer | undefined;
      try {
        const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
        invoice = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      } catch {
        violation('the invoice does not decrypt with the session key and IV');
      }
      if (invoice) {
        received.push(invoice);
        if (invoice.length !== body.invoiceSize)
          violation(`invoiceSize ${body.invoiceSize}, decrypted ${invoice.length}`);
        if (createHash('sha256').update(invoice).digest('base64') !== body.invoiceHash) {
          violation('invoiceHash is not the SHA-256 of the decrypted invoice');
        }
        stored.final = verdict(invoice.toString('utf8'), stored);
      }
      const { status, example } = documentExample(op('POST', '/sessions/online/{referenceNumber}/invoices'));
      (example as Json).referenceNumber = reference_;
      return json(status, example);
    },
    'POST /sessions/online/{referenceNumber}/close': (params, headers) => {
      if (!accessTokens.has(bearer(headers))) return json(401, undefined);
      const session = sessions.get(params.referenceNumber as string);
      if (!session) return badRequest(21173, 'Brak sesji o wskazanym numerze referencyjnym.', []);
      session.closed = true;
      return json(204, undefined);
    },
    'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}': (params, headers) => {
      if (!accessTokens.has(bearer(headers))) return json(401, undefined);
      const invoice = sessions
        .get(params.referenceNumber as string)
        ?.invoices.find((i) => i.referenceNumber === params.invoiceReferenceNumber);
      if (!invoice) return badRequest(21405, 'Błąd walidacji danych wejściowych.', ['Nie znaleziono faktury.']);
      invoice.reads++;
      const { status, example } = documentExample(
        op('GET', '/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}'),
      );
      return json(status, statusBody(example as Json, invoice));
    },
    'GET /sessions/{referenceNumber}/invoices': (params, headers) => {
      if (!accessTokens.has(bearer(headers))) return json(401, undefined);
      const session = sessions.get(params.referenceNumber as string);
      if (!session) return badRequest(21173, 'Brak sesji o wskazanym numerze referencyjnym.', []);
      const { status, example } = documentExample(op('GET', '/sessions/{referenceNumber}/invoices'));
      const list = example as { continuationToken?: string; invoices: Json[] };
      const template = list.invoices[0] as Json;
      delete list.continuationToken;
      list.invoices = session.invoices.map((invoice) => statusBody(structuredClone(template), invoice));
      return json(status, list);
    },
  };

  /** KSeF's verdict on a decrypted invoice: a number, a duplicate, or the configured error. */
  function verdict(xml: string, stored: StoredInvoice): StoredInvoice['final'] {
    const field = (pattern: RegExp) => pattern.exec(xml)?.[1];
    const key = [
      field(/<Podmiot1>[\s\S]*?<NIP>([^<]+)<\/NIP>/),
      field(/<RodzajFaktury>([^<]+)<\/RodzajFaktury>/),
      field(/<P_2>([^<]+)<\/P_2>/),
    ].join('|');
    const original = registry.get(key);
    if (original) {
      return {
        code: 440,
        description: 'Duplikat faktury',
        details: [
          `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.session}`,
        ],
        extensions: { originalSessionReferenceNumber: original.session, originalKsefNumber: original.ksefNumber },
      };
    }
    if (options.invoiceStatus) return options.invoiceStatus;
    const day = iso().slice(0, 10).replace(/-/g, '');
    const data = `${options.nip}-${day}-${randomBytes(6).toString('hex').toUpperCase()}`;
    stored.ksefNumber = `${data}-${crc8(data)}`;
    stored.acquisitionDate = iso();
    registry.set(key, { ksefNumber: stored.ksefNumber, session: stored.session });
    return { code: 200, description: 'Sukces' };
  }

  /** The document's status example adjusted to one invoice at its current stage. */
  function statusBody(example: Json, invoice: StoredInvoice): Json {
    const processing = invoice.reads > 0 && invoice.reads <= (options.invoicePolls ?? 1);
    const status = processing ? { code: 150, description: 'Trwa przetwarzanie' } : invoice.final;
    const body: Json = {
      ...example,
      ordinalNumber: invoice.ordinalNumber,
      referenceNumber: invoice.referenceNumber,
      invoiceHash: invoice.invoiceHash,
      invoicingDate: invoice.invoicingDate,
      status,
    };
    for (const field of ['invoiceNumber', 'ksefNumber', 'acquisitionDate', 'permanentStorageDate', 'upoDownloadUrl']) {
      delete body[field];
    }
    delete body.upoDownloadUrlExpirationDate;
    if (status.code === 200 && invoice.ksefNumber) {
      body.ksefNumber = invoice.ksefNumber;
      body.acquisitionDate = invoice.acquisitionDate;
    }
    return body;
  }

  function op(method: string, template: string): Operation {
    return validator.operations.find((o) => o.method === method && o.template === template) as Operation;
  }

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? await request.text() : null;
    if (!url.href.startsWith(`${base}/`)) {
      violation(`request outside the API base: ${url.href}`);
      return json(404, undefined);
    }
    const matched = validator.match(request.method, url.pathname.slice(new URL(base).pathname.length));
    if (!matched) {
      violation(`no operation for ${request.method} ${url.pathname}`);
      return json(404, undefined);
    }
    const name = `${matched.operation.method} ${matched.operation.template}`;
    calls.push(name);
    const errors = validator.validate(matched.operation, matched.params, url, request.headers, body);
    if (errors.length) {
      for (const error of errors) violation(`${name}: ${error}`);
      return badRequest(21405, 'Błąd walidacji danych wejściowych.', errors);
    }
    const fault = faults.get(name)?.shift();
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = fault.retryAfter ? { 'Retry-After': String(fault.retryAfter) } : {};
      const payload =
        fault.status === 429
          ? { status: { code: 429, description: 'Too Many Requests', details: ['Przekroczono limit.'] } }
          : { title: 'Service Unavailable', status: fault.status };
      return json(fault.status, payload, headers);
    }
    const handler = handlers[name];
    if (!handler) {
      violation(`the fake does not implement ${name}`);
      return json(501, undefined);
    }
    const response = handler(matched.params, request.headers, body ? (JSON.parse(body) as Json) : {});
    if (fault?.kind === 'lose-reply') throw new TypeError('fetch failed: connection reset');
    return response;
  }

  return {
    fetch: fetch as typeof globalThis.fetch,
    validator,
    keys,
    violations,
    calls,
    registry,
    received,
    sessions,
    /** Queues a fault for the next request of `METHOD /template`. */
    fault(name: string, fault: Fault) {
      faults.set(name, [...(faults.get(name) ?? []), fault]);
    },
  };
}
