import { defineConfig } from 'vitest/config';

// The KSeF client (worker/invoices/ksef.ts) against a fake KSeF made from the Ministry's OpenAPI
// document. Node, not workerd: the fake needs node:crypto to decrypt with its own private keys, and
// the client uses only fetch and WebCrypto, which Node 20 has as globals.
export default defineConfig({
  test: {
    include: ['test/ksef/**/*.test.ts'],
    environment: 'node',
  },
});
