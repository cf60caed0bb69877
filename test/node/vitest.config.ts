import { defineConfig } from 'vitest/config';

// Tests that need Node itself rather than workerd or a simulated DOM: reading the invoice PDFs
// back with pdf.js, as a viewer would.
export default defineConfig({
  test: {
    include: ['test/node/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
