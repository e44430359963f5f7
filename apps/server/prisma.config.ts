import { defineConfig } from 'prisma/config';

// Used by `prisma generate` (postinstall) and by `prisma migrate deploy` where the schema engine exists.
export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/chu' },
});
