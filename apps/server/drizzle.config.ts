import { defineConfig } from 'drizzle-kit'

// One schema and one migrations folder serve both PGlite and Postgres. The shared tables, and each
// chain family's own in `chains/<namespace>/schema.ts`, found by the pattern: a family with
// tables adds no line here (src/db/schema/drizzle-config.test.ts checks that every table is read).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/index.ts', './src/chains/*/schema.ts'],
  out: './drizzle',
})
