import { defineConfig } from 'vitest/config';

// End-to-end: the real server + the built client in Debian's Chromium (not part of the unit project).
export default defineConfig({
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/build.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
