export { DatabaseOpenError, MigrationError } from './errors.js'
export { MIGRATIONS_FOLDER, migrate } from './migrate.js'
export { openDatabase } from './open.js'
export { pgliteDir } from './pglite.js'
export * as schema from './schema/index.js'
export type {
  DatabaseHandle,
  DatabaseKind,
  Db,
  PgliteHandle,
  PostgresHandle,
  Schema,
} from './types.js'
