import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests: React components in a simulated DOM (happy-dom), fake timers where time matters.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/client/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/client/setup.ts'],
  },
});
