import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'rules', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
