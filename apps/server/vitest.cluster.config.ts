import { defineConfig } from 'vitest/config';

// Several real server processes on Postgres (DATABASE_URL) and Redis (REDIS_URL): `pnpm test:cluster`.
// Part of CI's second run, which has both; the plain test command has neither and leaves them out.
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
