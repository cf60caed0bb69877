import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { validateFa3Many } from './fa3';
import { validateSitemap } from './sitemap';

// Worker tests run inside workerd, where no XSD validator runs; this setup runs in Node beside
// them and validates what they send: `POST /fa3` with FA(3) documents answers xmllint's verdicts
// against the vendored official schema, and `POST /sitemap` a sitemap against the protocol's.
// The tests reach it through `inject('schemaValidator')`.
export default async function setup(project: TestProject) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // A JSON array of documents in, their verdicts out, in order.
      const body = Buffer.concat(chunks).toString('utf8');
      const result =
        request.method === 'POST' && request.url === '/fa3'
          ? validateFa3Many(JSON.parse(body) as string[])
          : request.method === 'POST' && request.url === '/sitemap'
            ? validateSitemap(body)
            : { error: `unknown request ${request.method} ${request.url}` };
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('schemaValidator', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    schemaValidator: string;
  }
}
