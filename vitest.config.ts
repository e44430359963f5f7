import { defineConfig } from 'vitest/config';

// Each workspace package with a vitest.config.ts is one project (named in its config). The postgres
// project (a storage outage) needs a real Postgres, and the cluster project (several server
// processes) Postgres and Redis: each is there when what it needs is given.
const postgres = process.env.DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : [];
const cluster = process.env.DATABASE_URL && process.env.REDIS_URL ? ['apps/server/vitest.cluster.config.ts'] : [];
export default defineConfig({
  test: { projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', ...postgres, ...cluster] },
});
