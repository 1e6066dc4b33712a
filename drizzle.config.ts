import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate` to write SQL migrations; the app applies them itself on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
