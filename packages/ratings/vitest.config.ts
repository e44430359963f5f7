import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'ratings', include: ['test/**/*.test.ts'] } });
