import { defineConfig } from 'vitest/config';

// Each workspace package with a vitest.config.ts is one project (named in its config).
export default defineConfig({
  test: { projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'] },
});
