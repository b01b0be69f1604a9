// Shared by the chain data integration tests of every namespace (never imported by the server).
import type { HistoryPage, Transaction } from '@latch/core/wire'
import Fastify, { type FastifyInstance } from 'fastify'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open.js'
import type { DatabaseHandle } from '../../db/types.js'
import { installErrorHandling } from '../../http/errors.js'
import { createProject } from '../../provider-services/projects.js'
import { openTestDatabase } from '../../testing/database.js'
import { createTestPostgres } from '../../testing/postgres.js'
import type { HistoryCache } from '../history-cache/cache.js'
import { chainDataRoutes } from '../routes.js'
import { CursorCodec } from '../shared/cursor.js'
import type { ChainBackend } from '../types.js'

export type Backend = 'pglite' | 'postgres'
export const TEST_CURSOR_SECRET = 'integration-test-cursor-secret'
export const testCodec = () => new CursorCodec(TEST_CURSOR_SECRET)

export interface TestDb {
  handle: DatabaseHandle
  close(): Promise<void>
}

/** A migrated database: in-memory PGlite, or a fresh Postgres database dropped on close. */
export async function openTestDb(backend: Backend): Promise<TestDb> {
  if (backend === 'pglite') {
    // The migrated template (testing/database.ts): seconds less than a fresh initdb.
    const handle = await openTestDatabase()
    return { handle, close: () => handle.close() }
  }
  const pg = await createTestPostgres()
  if ('unavailable' in pg) throw new Error(pg.unavailable)
  const handle = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' })
  await migrate(handle)
  return {
    handle,
    async close() {
      await handle.close()
      await pg.drop()
    },
  }
}

/** The routes alone on a bare Fastify with the server's error handler (buildApp adds docs, CORS…). */

/** The chain data routes of these backends alone on a bare Fastify with the server's error handler (buildApp adds docs, CORS…). */
export async function buildRoutesApp(
  handle: DatabaseHandle,
  backends: readonly ChainBackend[],
  options: { cache?: HistoryCache } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  app.decorate('db', handle.db)
  installErrorHandling(app)
  await app.register(chainDataRoutes({ backends, ...options }))
  await app.ready()
  const project = await createProject(handle.db, { name: 'History tests', origins: [] })
  testProjects.set(app, project.id)
  return app
}

/** The project each test app's requests are made for: the history routes are project-scoped. */
const testProjects = new WeakMap<FastifyInstance, string>()

export function testProjectOf(app: FastifyInstance): string {
  const id = testProjects.get(app)
  if (!id) throw new Error('not an app of buildTestApp')
  return id
}

export async function getHistory(
  app: FastifyInstance,
  address: string,
  query: Record<string, string> = {},
): Promise<{ status: number; body: HistoryPage & { error?: { code: string; message: string } } }> {
  const search = new URLSearchParams({ projectId: testProjectOf(app), ...query }).toString()
  const response = await app.inject({
    method: 'GET',
    url: `/v1/account/${address}/history${search ? `?${search}` : ''}`,
  })
  return { status: response.statusCode, body: response.json() }
}

/** Follows `next` to the end; throws on a non-200 page. */
export async function allPages(
  app: FastifyInstance,
  address: string,
  query: Record<string, string> = {},
): Promise<Transaction[][]> {
  const pages: Transaction[][] = []
  let cursor: string | null = null
  for (let i = 0; i < 10_000; i++) {
    const { status, body } = await getHistory(app, address, cursor ? { ...query, cursor } : query)
    if (status !== 200)
      throw new Error(`history page ${i} answered ${status}: ${JSON.stringify(body)}`)
    pages.push(body.data)
    cursor = body.next
    if (!cursor) return pages
  }
  throw new Error('history never ended')
}
