import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { validateFa3Many } from './fa3';

// Worker tests run inside workerd, where no XSD validator runs; this setup runs in Node beside
// them and validates what they send: `POST /fa3` with FA(3) documents answers xmllint's verdicts
// against the vendored official schema. The tests reach it through `inject('schemaValidator')`.
export default async function setup(project: TestProject) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // A JSON array of documents in, their verdicts out, in order.
      const result =
        request.method === 'POST' && request.url === '/fa3'
          ? validateFa3Many(JSON.parse(Buffer.concat(chunks).toString('utf8')) as string[])
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
