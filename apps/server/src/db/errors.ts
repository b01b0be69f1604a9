export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError'
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}
