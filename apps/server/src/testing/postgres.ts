import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** Where tests look for Postgres: `DATABASE_URL_TEST`, else the project machines' local server. */
export const POSTGRES_TEST_URL =
  process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test'

export interface TestPostgres {
  /** URL of a database created for this run only. */
  url: string
  /** Drops the database, closing whatever connections are still open. */
  drop(): Promise<void>
}

/**
 * Creates a uniquely named database so parallel runs never share tables. Resolves with the
 * reason instead when no Postgres answers, so a suite can skip and say why.
 */
export async function createTestPostgres(
  baseUrl = POSTGRES_TEST_URL,
): Promise<TestPostgres | { unavailable: string }> {
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2_000 })
  try {
    await admin.connect()
  } catch (error) {
    return { unavailable: `no Postgres at ${baseUrl}: ${(error as Error).message}` }
  }
  const name = `latch_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}
