import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit generates SQL migrations from the schema; they are committed and
 * applied at start-up by drizzle's runtime migrator (not `drizzle-kit migrate`).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
