import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real server processes; two cores are shared with them.
    maxWorkers: 2,
    exclude: ['**/node_modules/**', 'test/soak/**'],
  },
});
