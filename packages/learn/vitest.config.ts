import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'learn', include: ['test/**/*.test.ts'] },
});
