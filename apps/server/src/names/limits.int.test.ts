import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Backend, openTestDb, type TestDb } from '../chains/testing/harness.js'
import { createProject } from '../provider-services/projects.js'
import { namesApp, registerName } from './fixtures/names-app.js'
import type { RegistrationLimits } from './limits.js'

// A squatter with a script: every registration from a brand-new key (keys are free), from one
// address, then from many, then all at once. The limits are counted in the database, so they
// also hold for a server that restarted.

const backends: Backend[] = ['pglite', 'postgres']
const LIMITS: RegistrationLimits = { perIpPerDay: 3, perProjectPerDay: 5, globalPerHour: 8 }
const DAY = 24 * 60 * 60_000

describe.each(backends)('name registration limits on %s', (backend) => {
  let db: TestDb
  const apps: FastifyInstance[] = []
  // Each phase starts two days after the previous one, so earlier registrations count no more.
  let clock = new Date('2026-11-27T10:00:00Z')

  beforeAll(async () => {
    db = await openTestDb(backend)
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await db?.close()
  })

  const server = async () => {
    const app = await namesApp(db.handle, { now: () => clock, registrationLimits: LIMITS })
    apps.push(app)
    return app
  }
  const newProject = async () =>
    (await createProject(db.handle.db, { name: 'Squat', origins: [] })).id
  let serial = 0
  const attempt = (app: FastifyInstance, projectId: string, ip: string) =>
    registerName(app, { projectId, ip, at: clock, name: `squat-${++serial}.latch.id` })
  const statuses = async (responses: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(responses)).map((r) => r.statusCode)
  const codeOf = (response: { json(): unknown }) =>
    (response.json() as { error: { code: string } }).error.code

  it('fresh keys from one address: the per-address limit holds, also after a restart', async () => {
    const projectId = await newProject()
    const app = await server()
    for (let i = 0; i < LIMITS.perIpPerDay; i++)
      expect((await attempt(app, projectId, '203.0.113.7')).statusCode).toBe(201)
    const refused = await attempt(app, projectId, '203.0.113.7')
    expect(refused.statusCode).toBe(429)
    expect(codeOf(refused)).toBe('NAME_RATE_LIMITED')
    const lookup = await app.inject(
      `/v1/profile/account/squat-${serial}.latch.id?projectId=${projectId}`,
    )
    expect(lookup.statusCode).toBe(404)
    // A restarted server (new process, same database) still counts them.
    await app.close()
    const restarted = await server()
    expect((await attempt(restarted, projectId, '203.0.113.7')).statusCode).toBe(429)
    // Another address is not affected by that one's count.
    expect((await attempt(restarted, projectId, '203.0.113.8')).statusCode).toBe(201)
  })

  it('fresh keys from fresh addresses: the per-project and the server-wide limits hold', async () => {
    clock = new Date(clock.getTime() + 2 * DAY)
    const app = await server()
    const first = await newProject()
    const ip = (i: number) => `198.51.100.${i}`
    for (let i = 0; i < LIMITS.perProjectPerDay; i++)
      expect((await attempt(app, first, ip(i))).statusCode).toBe(201)
    const project = await attempt(app, first, ip(50))
    expect(project.statusCode).toBe(429)
    expect(project.json().error.message).toContain('project')
    // Another project, still fresh keys and addresses: the server's hourly cap stops it.
    const second = await newProject()
    const rest = LIMITS.globalPerHour - LIMITS.perProjectPerDay
    for (let i = 0; i < rest; i++)
      expect((await attempt(app, second, ip(100 + i))).statusCode).toBe(201)
    const global = await attempt(app, second, ip(200))
    expect(global.statusCode).toBe(429)
    expect(global.json().error.message).toContain('server')
    // An hour later the server-wide cap has room again.
    clock = new Date(clock.getTime() + 61 * 60_000)
    expect((await attempt(app, second, ip(201))).statusCode).toBe(201)
  })

  it('registrations racing from one address cannot pass the count together', async () => {
    clock = new Date(clock.getTime() + 2 * DAY)
    const app = await server()
    const projectId = await newProject()
    const results = await statuses(
      Array.from({ length: 8 }, () => attempt(app, projectId, '192.0.2.44')),
    )
    expect(results.filter((s) => s === 201)).toHaveLength(LIMITS.perIpPerDay)
    expect(results.filter((s) => s === 429)).toHaveLength(8 - LIMITS.perIpPerDay)
  })
})
