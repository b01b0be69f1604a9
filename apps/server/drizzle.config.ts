import { defineConfig } from 'drizzle-kit'

// One schema and one migrations folder serve both PGlite and Postgres.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
})
