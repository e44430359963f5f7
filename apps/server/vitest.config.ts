import { configDefaults, defineConfig } from 'vitest/config';

// Integration tests: real server, real Socket.IO clients, real database
// (PGlite in a temp dir by default; a fresh Postgres database per server when DATABASE_URL is set).
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/cluster/**', 'test/postgres/**'], // vitest.cluster.config.ts, vitest.postgres.config.ts
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // These files mostly wait (sockets, timers, the database), so three run at once even on two cores:
    // vitest's default (cores − 1) ran them one by one. Measured in issue 48's closing note.
    maxWorkers: 3,
    sequence: { groupOrder: 1 }, // vitest runs projects with other worker counts as a group of their own, after the rest
    globalSetup: ['test/support/databaseTemplates.ts'], // each test database is a copy of one made once a run
  },
});
