import { defineConfig } from 'vitest/config';

// Server tests that need a real Postgres (DATABASE_URL): a storage outage behind a TCP proxy this
// test controls (PGlite runs in the server's own process and cannot go away). Part of CI's second
// run (`pnpm test:db`); the plain test command has no Postgres and leaves them out.
export default defineConfig({
  test: {
    name: 'postgres',
    include: ['test/postgres/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
