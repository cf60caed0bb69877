import { defineConfig } from 'vitest/config';

// Tests that need Node itself rather than workerd or a simulated DOM: the invoice documents against
// their schemas (xmllint) and read back with pdf.js, as a viewer would; the KSeF client against a
// fake built from the Ministry's OpenAPI document.
export default defineConfig({
  test: {
    include: ['test/node/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
