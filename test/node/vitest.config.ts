import { defineConfig } from 'vitest/config';

// Node-side tests of code that is pure enough to run outside workerd (the invoice documents), with
// the machine's tools (xmllint) where an official schema checks the output.
export default defineConfig({
  test: {
    include: ['test/node/**/*.test.ts'],
    environment: 'node',
  },
});
