import { chainTables } from '../chains/index.js'
import * as sharedTables from './schema/index.js'

export { DatabaseOpenError, MigrationError } from './errors.js'
export { MIGRATIONS_FOLDER, migrate } from './migrate.js'
export { openDatabase } from './open.js'
export { pgliteDir } from './pglite.js'
export type {
  DatabaseHandle,
  DatabaseKind,
  Db,
  PgliteHandle,
  PostgresHandle,
  Schema,
} from './types.js'

/** Every table: the shared ones and each registered chain family's (chains/index.ts). */
export const schema = { ...sharedTables, ...chainTables }
