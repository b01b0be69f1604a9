import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { openDatabase } from '../db/open.js'
import type { DatabaseHandle } from '../db/types.js'
import { PROJECT_CACHE_TTL_MS } from './project-cache.js'
import { createProject, updateProject } from './projects.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

const SHOP = 'https://shop.example'
const LEAKED = 'https://leaked.example'

// Two servers on one Postgres: `t.app` serves; `other` is a second process's handle (another
// API server behind the proxy, or the `project` CLI), which this server's cache never hears.
describe('project lookups cached per server', () => {
  let t: ProviderTestApp
  let other: DatabaseHandle
  let skip = ''

  beforeAll(async () => {
    const opened = await openTestApp('postgres')
    if ('unavailable' in opened) {
      skip = opened.unavailable
      return
    }
    t = opened
    other = await openDatabase({ databaseUrl: t.app.config.databaseUrl, dataDir: 'memory://' })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  afterAll(async () => {
    await other?.close()
    await t?.close()
  })

  const config = (projectId: string, origin: string) =>
    t.app.inject({
      method: 'GET',
      url: `/appkit/v1/config?projectId=${projectId}`,
      headers: { origin },
    })

  test('Postgres is available', () => {
    expect(skip).toBe('')
  })

  test('an origin revoked on another server is refused here once the TTL has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const project = await createProject(t.app.db, { name: 'Shop', origins: [SHOP, LEAKED] })
    expect((await config(project.id, LEAKED)).statusCode).toBe(200)

    await updateProject(other.db, project.id, { removeOrigins: [LEAKED] })
    // Within the TTL this server may still answer from its copy: that is the documented window.
    vi.advanceTimersByTime(PROJECT_CACHE_TTL_MS - 1)
    expect((await config(project.id, LEAKED)).statusCode).toBe(200)
    // Past it, the page on the revoked origin is refused, and the kept origin still works.
    vi.advanceTimersByTime(2)
    const refused = await config(project.id, LEAKED)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('ORIGIN_NOT_ALLOWED')
    expect((await config(project.id, SHOP)).statusCode).toBe(200)
  })

  test('a project deleted on another server stops answering once the TTL has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const project = await createProject(t.app.db, { name: 'Gone', origins: [SHOP] })
    expect((await config(project.id, SHOP)).statusCode).toBe(200)
    await other.db.execute(sql`delete from projects where id = ${project.id}`)
    vi.advanceTimersByTime(PROJECT_CACHE_TTL_MS + 1)
    const refused = await config(project.id, SHOP)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('INVALID_PROJECT_ID')
  })

  test('a change through this server applies at once, without waiting for the TTL', async () => {
    const project = await createProject(t.app.db, { name: 'Here', origins: [SHOP, LEAKED] })
    expect((await config(project.id, LEAKED)).statusCode).toBe(200)
    await updateProject(t.app.db, project.id, { removeOrigins: [LEAKED] })
    expect((await config(project.id, LEAKED)).statusCode).toBe(403)
  })

  test('an unknown id is not remembered: a project created elsewhere answers at once', async () => {
    const id = 'created-elsewhere-0001'
    expect((await config(id, SHOP)).json().error.code).toBe('INVALID_PROJECT_ID')
    await createProject(other.db, { id, name: 'Elsewhere', origins: [SHOP] })
    expect((await config(id, SHOP)).statusCode).toBe(200)
  })
})
