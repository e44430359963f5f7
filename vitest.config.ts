import { defineConfig } from 'vitest/config';

// Each workspace package with a vitest.config.ts is one project (named in its config). The cluster
// project (several server processes) needs Postgres and Redis: it is there when both are given.
const cluster = process.env.DATABASE_URL && process.env.REDIS_URL ? ['apps/server/vitest.cluster.config.ts'] : [];
export default defineConfig({
  test: { projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', ...cluster] },
});
