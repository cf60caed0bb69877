import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_BODY_LIMIT_BYTES, CONTACT_LIMITS, HONEYPOT_LIMIT } from '../../site/contact';
import { isEuCountry } from '../../site/invoices';
import { LANGUAGE_CODES } from '../../site/languages';
import { charCount, isAcceptedText, normalText } from '../../site/text';
import { findProduct, PLAN_TYPES, PRODUCT_IDS, priceAt } from '../../site/tickets';
import { PURCHASE_BODY_LIMIT } from '../../worker/routes/purchase';
import { consentJson } from '../support/consent';
import { ACME } from '../support/invoice-data';
import { allOrders, DURING_PROMOTION, resetBoxOffice, setClock } from './box-office';
import { clientIps } from './client-ip';
import { clearKv } from './kv';
import { callWorker, ORIGIN } from './platform';

// Property tests of the two public write endpoints: a generated invalid request is refused with
// a 4xx and leaves KV as it was; a generated valid one stores exactly one record, as sent.
const nextIp = clientIps(100);

/** Every key in the namespace under a prefix (a few hundred at most here). */
async function keys(prefix: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.ORDERS.list({ prefix, cursor });
    names.push(...page.keys.map((k) => k.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return names;
}

const allKeys = () => keys('');

type Sent = { path: string; body: string; contentType?: string; headers?: Record<string, string> };

/** Sends one request straight to the worker from an address of its own (the rate limit is not under test). */
function send({ path, body, contentType = 'application/json', headers = {} }: Sent) {
  const h = new Headers({ 'CF-Connecting-IP': nextIp(), ...headers });
  if (contentType) h.set('Content-Type', contentType);
  return callWorker(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: h, body }));
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

// --- shared generators --------------------------------------------------------------------------

/** Addresses both the purchase schema (zod's email) and the contact pattern accept. */
const validEmail = fc
  .tuple(
    fc.array(fc.stringMatching(/^[A-Za-z0-9_+-]{1,10}$/), { minLength: 1, maxLength: 3 }),
    fc.array(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,10}$/), { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[A-Za-z]{2,6}$/),
  )
  .map(([local, labels, tld]) => `${local.join('.')}@${labels.join('.')}.${tld}`);

/** Text that is not a valid e-mail address under any reading: no @ at all. */
const notAnEmail = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('@')),
  fc.constantFrom('', ' ', 'anna', 'anna.example.com', '@', 'a@', '@b.pl', 'a b@c.pl', 'a@b@c.pl'),
);

const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);

/** Printable ASCII, as a header value can carry it. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

/** A body that is not JSON at all. */
const notJson = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});

/** JSON that is not an object: the schema wants one. */
const jsonNotAnObject = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

const wrongContentType = fc.constantFrom(
  '',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonp',
  'application/json-patch+json',
  'text/json',
);

/**
 * A valid text field (worker/text-field.ts `textField`): some characters once normalised (NFC,
 * trimmed), at most `limit`, and accepted by the one rule of stored text (site/text.ts): any
 * grapheme may come up, U+0085 (NEXT LINE) or a noncharacter among them, which the rule refuses.
 */
const fieldText = (limit: number, maxGraphemes: number, { multiline = false } = {}) =>
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: maxGraphemes }).filter((s) => {
    const value = normalText(s, { multiline });
    return value !== '' && charCount(value) <= limit && isAcceptedText(value, { multiline });
  });

/** What the one rule refuses in any text field: a lone surrogate, a noncharacter, a control character. */
const refusedCharacter = fc.constantFrom(
  '\ud800',
  '\udfff',
  '\ufdd0',
  '\ufdef',
  '\ufffe',
  '\uffff',
  '\u{1fffe}',
  '\u{10ffff}',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
);

/** A valid text with a refused character put somewhere inside it. */
const withRefused = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, refusedCharacter, fc.nat()).map(([value, bad, at]) => {
    const chars = [...value];
    const i = at % (chars.length + 1);
    return [...chars.slice(0, i), bad, ...chars.slice(i)].join('');
  });

// --- purchase -----------------------------------------------------------------------------------

/** A product by its id, or an online plan by the spec's type. */
const plan = fc.constantFrom(...PRODUCT_IDS, ...PLAN_TYPES);

/** Ten digits whose weighted sum matches the last (or, with `wrong`, any other last digit). */
const nip = (wrong = false) =>
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
    .map(([first, rest]) => [first, ...rest])
    .filter((digits) => [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0) % 11 !== 10)
    .chain((digits) => {
      const check = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0) % 11;
      return (wrong ? fc.integer({ min: 0, max: 9 }).filter((d) => d !== check) : fc.constant(check)).map((last) =>
        [...digits, last].join(''),
      );
    });

const invoiceText = (max: number) => fieldText(max, 40);

/**
 * Valid invoice data: a Polish company (its NIP written with or without separators or prefix), a
 * company in another EU country (its VAT number with the prefix), or a private person anywhere.
 */
const validInvoice = fc.oneof(
  fc.record({
    name: invoiceText(200),
    taxId: fc
      .tuple(nip(), fc.constantFrom('', 'PL'), fc.boolean())
      .map(
        ([n, prefix, split]) =>
          prefix + (split ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}` : n),
      ),
    street: invoiceText(200),
    postalCode: fc.stringMatching(/^\d{2}-\d{3}$/),
    city: invoiceText(100),
    country: fc.constantFrom('PL', 'pl'),
  }),
  fc
    .record({
      name: invoiceText(200),
      taxId: fc
        .oneof(fc.stringMatching(/^DE\d{9}$/), fc.stringMatching(/^ATU\d{8}$/))
        .map((id) => ({ id, country: id.slice(0, 2) })),
      street: invoiceText(200),
      postalCode: fc.stringMatching(/^\d{4,5}$/),
      city: invoiceText(100),
    })
    .map(({ taxId, ...data }) => ({ ...data, taxId: taxId.id, country: taxId.country })),
  fc.record(
    {
      name: invoiceText(200),
      street: invoiceText(200),
      postalCode: fc.stringMatching(/^[0-9A-Z -]{0,10}$/),
      city: invoiceText(100),
      country: fc.constantFrom('US', 'GB', 'UA', 'DE', 'HK'),
    },
    { requiredKeys: ['name', 'street', 'city', 'country'] },
  ),
);

const validPurchase = fc.record(
  {
    email: validEmail,
    lang: fc.constantFrom(...LANGUAGE_CODES),
    name: fieldText(120, 30),
    invoice: validInvoice,
    // Fields the schema does not know are ignored, amounts above all: the price comes from site/.
    net: fc.integer(),
    vat: fc.integer(),
    gross: fc.integer(),
    amount: fc.oneof(fc.integer(), fc.double(), fc.string()),
    price: fc.integer({ min: 0, max: 100 }),
    currency: fc.constantFrom('EUR', 'USD', 'PLN'),
  },
  { requiredKeys: ['email', 'net', 'gross', 'price'] },
);

let idempotencyCounter = 0;

const invalidPurchase: fc.Arbitrary<Sent & { why: string }> = fc.oneof(
  fc.tuple(plan, validPurchase, fc.oneof(notAnEmail, notAString)).map(([p, body, email]) => ({
    why: 'bad e-mail',
    path: `/api/purchase/${p}`,
    body: consentJson({ ...body, email }),
  })),
  fc.tuple(plan, validPurchase, fc.integer({ min: 1, max: 40 })).map(([p, body, n]) => ({
    why: 'e-mail too long',
    path: `/api/purchase/${p}`,
    body: consentJson({ ...body, email: `${'a'.repeat(250 + n)}@example.com` }),
  })),
  fc.tuple(plan, validPurchase).map(([p, { email: _, ...body }]) => ({
    why: 'no e-mail',
    path: `/api/purchase/${p}`,
    body: consentJson(body),
  })),
  fc
    .tuple(
      plan,
      validPurchase,
      fc.oneof(
        fc.string({ maxLength: 8 }).filter((s) => !(LANGUAGE_CODES as readonly string[]).includes(s)),
        notAString,
      ),
    )
    .map(([p, body, lang]) => ({
      why: 'bad language',
      path: `/api/purchase/${p}`,
      body: consentJson({ ...body, lang }),
    })),
  fc
    .tuple(
      plan,
      validPurchase,
      validInvoice,
      fc.oneof(
        fc.record({ field: fc.constant('taxId'), value: nip(true) }),
        fc.record({ field: fc.constant('taxId'), value: fc.stringMatching(/^[A-Za-z0-9]{31,40}$/) }),
        fc.record({ field: fc.constantFrom('name', 'street', 'city'), value: fc.constantFrom('', ' ', '\t\n') }),
        fc.record({ field: fc.constantFrom('name', 'street'), value: fc.constant('x'.repeat(201)) }),
        fc.record({ field: fc.constant('city'), value: fc.constant('x'.repeat(101)) }),
        fc.record({ field: fc.constant('country'), value: fc.constantFrom('', 'XX', 'EU', 'UK', 'Polska', 'P') }),
        fc.record({
          field: fc.constantFrom('name', 'taxId', 'street', 'postalCode', 'city', 'country'),
          value: notAString,
        }),
      ),
    )
    // A wrong NIP is refused where a number is checked (Poland, another EU country's VAT number);
    // elsewhere a tax number is the buyer's own business.
    .filter(
      ([, , invoice, { field, value }]) =>
        field !== 'taxId' ||
        typeof value !== 'string' ||
        value.length > 30 ||
        isEuCountry(invoice.country.toUpperCase()),
    )
    .map(([p, body, invoice, { field, value }]) => ({
      why: `bad invoice ${field}`,
      path: `/api/purchase/${p}`,
      body: consentJson({ ...body, invoice: { ...invoice, [field]: value } }),
    })),
  fc
    .tuple(plan, validPurchase, validInvoice, fc.constantFrom('name', 'street', 'city'), withRefused(invoiceText(150)))
    .map(([p, body, invoice, field, value]) => ({
      why: `refused character in invoice ${field}`,
      path: `/api/purchase/${p}`,
      body: consentJson({ ...body, invoice: { ...invoice, [field]: value } }),
    })),
  fc.tuple(plan, validPurchase, withRefused(fieldText(100, 20))).map(([p, body, name]) => ({
    why: 'refused character in the name',
    path: `/api/purchase/${p}`,
    body: consentJson({ ...body, name }),
  })),
  fc
    .tuple(plan, validPurchase, fc.constantFrom('00000', '00-0000', '0-000', 'AB-123', '12 345'))
    .map(([p, body, postalCode]) => ({
      why: 'a Polish postal code not in the form 00-000',
      path: `/api/purchase/${p}`,
      body: consentJson({ ...body, invoice: { ...ACME, postalCode } }),
    })),
  fc
    .tuple(
      plan,
      validPurchase,
      fc.constantFrom(
        ['DE', 'FR12345678901'],
        ['AT', 'DE123456789'],
        ['GR', 'GR123456789'],
        ['DE', 'DE12345'],
        ['FR', '5260250274'],
      ),
    )
    .map(([p, body, [country, taxId]]) => ({
      why: "an EU VAT number without its country's prefix or form",
      path: `/api/purchase/${p}`,
      body: consentJson({ ...body, invoice: { ...ACME, country, taxId, postalCode: '10115' } }),
    })),
  fc
    .tuple(plan, validPurchase, fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string())))
    .map(([p, body, invoice]) => ({
      why: 'invoice not an object',
      path: `/api/purchase/${p}`,
      body: consentJson({ ...body, invoice }),
    })),
  fc.tuple(plan, jsonNotAnObject).map(([p, value]) => ({
    why: 'JSON that is not an object',
    path: `/api/purchase/${p}`,
    body: consentJson(value),
  })),
  fc.tuple(plan, notJson).map(([p, body]) => ({ why: 'not JSON', path: `/api/purchase/${p}`, body })),
  fc.tuple(plan, validPurchase, fc.integer({ min: 1, max: 20_000 })).map(([p, body, n]) => ({
    why: 'too large',
    path: `/api/purchase/${p}`,
    body: consentJson({ ...body, padding: 'x'.repeat(PURCHASE_BODY_LIMIT + n) }),
  })),
  fc.tuple(plan, validPurchase, wrongContentType).map(([p, body, contentType]) => ({
    why: `content type ${contentType || '(none)'}`,
    path: `/api/purchase/${p}`,
    body: consentJson(body),
    contentType,
  })),
  fc
    .tuple(
      plan,
      validPurchase,
      headerText.filter((key) => !/^[A-Za-z0-9_-]{16,128}$/.test(key)),
    )
    .map(([p, body, key]) => ({
      why: 'bad Idempotency-Key',
      path: `/api/purchase/${p}`,
      body: consentJson(body),
      headers: { 'Idempotency-Key': key },
    })),
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9-]{1,16}$/).filter((p) => !findProduct(p)),
      validPurchase,
    )
    .map(([p, body]) => ({ why: 'unknown plan', path: `/api/purchase/${p}`, body: consentJson(body) })),
);

/** Silences the worker's logs for the block and starts every test with an empty KV. */
function quietWithEmptyKv() {
  beforeAll(() => {
    for (const level of ['log', 'error', 'warn'] as const) vi.spyOn(console, level).mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
  beforeEach(async () => {
    await clearKv();
    await resetBoxOffice();
    setClock(DURING_PROMOTION);
  });
}

/** What a refused request must leave as it was: every KV key and every order. */
const everything = async () => ({ keys: await allKeys(), orders: (await allOrders()).length });

/** Every generated invalid request gets a 4xx with an error code and leaves KV as it was. */
function refusesAll(requests: fc.Arbitrary<Sent & { why: string }>) {
  return fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const before = await everything();
      const res = await send(request);
      const text = await res.text();
      expect(res.status, `${request.why}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${request.why}: ${text}`).toBeLessThan(500);
      expect(JSON.parse(text), request.why).toHaveProperty('error');
      expect(await everything(), request.why).toEqual(before);
    }),
    { numRuns: 200 },
  );
}

describe('purchase properties (fast-check)', () => {
  quietWithEmptyKv();

  it('refuses every invalid purchase with a 4xx and stores nothing', () => refusesAll(invalidPurchase), 60_000);

  it('stores exactly one order, priced from site/, for every valid purchase', async () => {
    await fc.assert(
      fc.asyncProperty(plan, validPurchase, fc.boolean(), async (p, body, withKey) => {
        fc.pre(bytes(JSON.stringify(body)) <= PURCHASE_BODY_LIMIT);
        // A fresh box office per run: the 50 on-site VIP places would run out.
        await resetBoxOffice();
        const headers: Record<string, string> = withKey
          ? { 'Idempotency-Key': `prop-${++idempotencyCounter}-idempotency-key` }
          : {};
        const res = await send({ path: `/api/purchase/${p}`, body: consentJson(body), headers });
        expect(res.status, await res.clone().text()).toBe(201);
        const { orderId } = await res.json<{ orderId: string }>();

        const orders = await allOrders();
        expect(orders.map((o) => o.id)).toEqual([orderId]);
        const [order] = orders;
        const item = findProduct(p);
        expect(order).toMatchObject({
          product: item?.id,
          email: body.email.toLowerCase(),
          name: body.name === undefined ? null : normalText(body.name),
          lang: body.lang ?? 'pl',
          status: 'pending',
          currency: 'PLN',
        });
        expect(order?.net).toBe(item && priceAt(item, Date.now()).net);
        if (body.invoice) {
          const { invoice } = body;
          const taxId = 'taxId' in invoice ? invoice.taxId.replace(/[\s-]/g, '').replace(/^PL/, '') : undefined;
          expect(order?.invoice).toEqual({
            name: normalText(invoice.name),
            ...(taxId ? { taxId } : {}),
            street: normalText(invoice.street),
            postalCode: invoice.postalCode?.trim() ?? '',
            city: normalText(invoice.city),
            country: invoice.country.toUpperCase(),
          });
        } else {
          expect(order?.invoice).toBeNull();
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

// --- contact ------------------------------------------------------------------------------------

const TEXT_FIELDS = ['name', 'subject', 'message'] as const;

const validContact = fc.record(
  {
    name: fieldText(CONTACT_LIMITS.name, 30),
    email: validEmail,
    subject: fieldText(CONTACT_LIMITS.subject, 40),
    message: fieldText(CONTACT_LIMITS.message, 300, { multiline: true }),
    lang: fc.constantFrom(...LANGUAGE_CODES),
    website: fc.constantFrom('', ' ', '\n'),
  },
  { requiredKeys: ['name', 'email', 'subject', 'message', 'lang'] },
);

const blank = fc.constantFrom('', ' ', '   ', '\t\n', '\u00a0', '\u2003 ');

const invalidContact: fc.Arbitrary<Sent & { why: string }> = fc.oneof(
  fc
    .tuple(validContact, fc.constantFrom(...TEXT_FIELDS, 'email' as const), fc.oneof(blank, notAString))
    .map(([body, field, value]) => ({
      why: `${field} blank or not text`,
      path: '/api/contact',
      body: JSON.stringify({ ...body, [field]: value }),
    })),
  fc.tuple(validContact, fc.constantFrom(...TEXT_FIELDS, 'email' as const, 'lang' as const)).map(([body, field]) => {
    const { [field]: _, ...rest } = body;
    return { why: `${field} missing`, path: '/api/contact', body: JSON.stringify(rest) };
  }),
  fc.tuple(validContact, fc.constantFrom(...TEXT_FIELDS), fc.integer({ min: 1, max: 50 })).map(([body, field, n]) => ({
    why: `${field} too long`,
    path: '/api/contact',
    body: JSON.stringify({ ...body, [field]: 'x'.repeat(CONTACT_LIMITS[field] + n) }),
  })),
  fc
    .tuple(
      validContact,
      fc.constantFrom(...TEXT_FIELDS),
      withRefused(fieldText(100, 30)).filter((s) => !s.includes('\n')),
    )
    .map(([body, field, value]) => ({
      why: `refused character in ${field}`,
      path: '/api/contact',
      body: JSON.stringify({ ...body, [field]: value }),
    })),
  fc
    .tuple(
      validContact,
      notAnEmail.filter((s) => s.trim() !== ''),
    )
    .map(([body, email]) => ({
      why: 'bad e-mail',
      path: '/api/contact',
      body: JSON.stringify({ ...body, email }),
    })),
  fc
    .tuple(
      validContact,
      fc.oneof(
        fc.string({ maxLength: 8 }).filter((s) => !(LANGUAGE_CODES as readonly string[]).includes(s)),
        notAString,
      ),
    )
    .map(([body, lang]) => ({ why: 'bad language', path: '/api/contact', body: JSON.stringify({ ...body, lang }) })),
  fc.tuple(validContact, fc.oneof(notAString, fc.constant('x'.repeat(HONEYPOT_LIMIT + 1)))).map(([body, website]) => ({
    why: 'bad honeypot',
    path: '/api/contact',
    body: JSON.stringify({ ...body, website }),
  })),
  jsonNotAnObject.map((value) => ({
    why: 'JSON that is not an object',
    path: '/api/contact',
    body: JSON.stringify(value),
  })),
  notJson.map((body) => ({ why: 'not JSON', path: '/api/contact', body })),
  fc.tuple(validContact, fc.integer({ min: 1, max: 20_000 })).map(([body, n]) => ({
    why: 'too large',
    path: '/api/contact',
    body: JSON.stringify({ ...body, padding: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES + n) }),
  })),
  fc.tuple(validContact, wrongContentType).map(([body, contentType]) => ({
    why: `content type ${contentType || '(none)'}`,
    path: '/api/contact',
    body: JSON.stringify(body),
    contentType,
  })),
);

describe('contact properties (fast-check)', () => {
  quietWithEmptyKv();

  it('refuses every invalid message with a 4xx and stores nothing', () => refusesAll(invalidContact), 60_000);

  it('stores exactly one message, trimmed, for every valid one', async () => {
    await fc.assert(
      fc.asyncProperty(validContact, async (body) => {
        const before = new Set(await allKeys());
        const res = await send({ path: '/api/contact', body: JSON.stringify(body) });
        expect(res.status, await res.clone().text()).toBe(201);
        const { id } = await res.json<{ id: string }>();
        const added = (await allKeys()).filter((k) => !before.has(k));
        expect(added).toEqual([`message:${id}`]);
        const stored = await env.ORDERS.get<Record<string, unknown>>(`message:${id}`, 'json');
        expect(stored).toMatchObject({
          id,
          name: normalText(body.name),
          email: body.email,
          subject: normalText(body.subject),
          message: normalText(body.message, { multiline: true }),
          lang: body.lang,
        });
        expect(stored).not.toHaveProperty('website');
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const filled = fc.string({ minLength: 1, maxLength: HONEYPOT_LIMIT }).filter((s) => s.trim() !== '');
    await fc.assert(
      fc.asyncProperty(validContact, filled, async (body, website) => {
        const before = await allKeys();
        const res = await send({ path: '/api/contact', body: JSON.stringify({ ...body, website }) });
        expect(res.status).toBe(201);
        expect(await allKeys()).toEqual(before);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
