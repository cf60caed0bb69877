import { readFileSync } from 'node:fs';
import { Miniflare, type Request as MiniflareRequest, Response as MiniflareResponse } from 'miniflare';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeKsef } from './ksef-fake';

// The same client inside workerd, the worker's runtime, without nodejs_compat: proof that it needs
// only fetch and WebCrypto. Its requests leave workerd through Miniflare's outbound service and reach
// the fake KSeF here in Node, which validates them against the OpenAPI document as in ksef.test.ts.

const NIP = '5265877635';
const TOKEN = 'workerd-token';
const START = Date.parse('2027-10-24T10:00:00Z');

/** A module of worker/ as JavaScript (types stripped), named by its path so its relative imports resolve. */
const transpiled = (path: string) => ({
  type: 'ESModule' as const,
  path,
  contents: ts.transpileModule(readFileSync(`worker/${path}.ts`, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText,
});

const WORKER = `
import { submitInvoice } from './invoices/ksef';
export default {
  async fetch(request) {
    const { config, xml, now } = await request.json();
    let time = now;
    const outcome = await submitInvoice(config, xml, {
      fetch: (input, init) => fetch(input, init),
      now: () => time,
      sleep: async (ms) => { time += ms; },
    });
    return Response.json(outcome);
  },
};`;

/** Headers as a plain record, between Node's and Miniflare's own Headers classes. */
function headerRecord(headers: { forEach(callback: (value: string, name: string) => void): void }) {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

const fake = createFakeKsef({ nip: NIP, token: TOKEN, now: () => START });
let miniflare: Miniflare;

beforeAll(async () => {
  miniflare = new Miniflare({
    compatibilityDate: '2026-04-26',
    modules: [
      { type: 'ESModule', path: 'worker.js', contents: WORKER },
      ...['invoices/ksef', 'invoices/x509', 'backoff', 'crypto'].map(transpiled),
    ],
    outboundService: async (request: MiniflareRequest) => {
      const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.text();
      const reply = await fake.fetch(request.url, {
        method: request.method,
        headers: headerRecord(request.headers),
        body,
      });
      const text = await reply.text();
      return new MiniflareResponse(text || null, { status: reply.status, headers: headerRecord(reply.headers) });
    },
  });
  await miniflare.ready;
}, 60_000);

afterAll(() => miniflare?.dispose());

describe('the KSeF client in workerd', () => {
  it('sends an invoice and gets its KSeF number with fetch and WebCrypto only', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Faktura><Podmiot1><NIP>${NIP}</NIP></Podmiot1><Fa><P_2>FV/2027/00001</P_2><RodzajFaktury>VAT</RodzajFaktury></Fa><Uwagi>Zażółć gęślą jaźń</Uwagi></Faktura>`;
    const response = await miniflare.dispatchFetch('http://worker/', {
      method: 'POST',
      body: JSON.stringify({ config: { environment: 'test', nip: NIP, token: TOKEN }, xml, now: START }),
    });
    const outcome = (await response.json()) as { kind: string; ksefNumber?: string };

    expect(outcome).toMatchObject({ kind: 'accepted', ksefNumber: [...fake.registry.values()][0]?.ksefNumber });
    expect(fake.received).toEqual([Buffer.from(xml, 'utf8')]);
    expect(fake.violations).toEqual([]);
  });
});
