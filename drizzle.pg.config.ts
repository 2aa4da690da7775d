// PostgreSQL's migrations (RIFFLE_DATABASE_URL): `npm run db:generate` makes both dialects'.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.pg.ts',
  out: './db/migrations-pg',
});
