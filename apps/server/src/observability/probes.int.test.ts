import { connect, createServer, type Server, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AuthTestApp, openAuthTestApp } from '../auth/testing.js'

// One app, its Redis reached through a TCP relay to the real one: closing the relay leaves
// REDIS_URL pointing at a closed port, as an outage would.
const REDIS = new URL(process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379')

let relay: Server
const sockets = new Set<Socket>()
let t: AuthTestApp
beforeAll(async () => {
  relay = createServer((client) => {
    const upstream = connect(Number(REDIS.port || 6379), REDIS.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const { port } = relay.address() as { port: number }
  t = await openAuthTestApp({ LATCH_INDEXER: 'off', REDIS_URL: `redis://127.0.0.1:${port}` })
})
afterAll(async () => {
  await t?.close()
  relay?.close()
  for (const socket of sockets) socket.destroy()
})

const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' })

// First: once seen done, the migrations are not asked again by this process.
test('/readyz is 503 "pending" while the database lacks this build’s newest migration', async () => {
  const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`
  const [row] = (
    (await t.app.db.execute(
      sql`select hash, created_at from drizzle.__drizzle_migrations where created_at = ${newest}`,
    )) as unknown as { rows: { hash: string; created_at: string }[] }
  ).rows
  await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`)
  const pending = await readyz()
  expect(pending.statusCode).toBe(503)
  expect(pending.json()).toEqual({
    status: 'not_ready',
    checks: { database: 'ok', migrations: 'pending', redis: 'ok' },
  })
  await t.app.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`,
  )
})

test('/livez and /readyz answer 200 while the database and Redis answer', async () => {
  const live = await t.app.inject({ method: 'GET', url: '/livez' })
  expect(live.statusCode).toBe(200)
  expect(live.json()).toEqual({ status: 'up' })
  const ready = await readyz()
  expect(ready.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', migrations: 'ok', redis: 'ok' },
  })
  expect(ready.statusCode).toBe(200)
})

test('REDIS_URL at a closed port: /readyz is 503 naming Redis, /livez still 200', async () => {
  await new Promise<void>((resolve) => {
    relay.close(() => resolve())
    for (const socket of sockets) socket.destroy()
  })
  const ready = await readyz()
  expect(ready.statusCode).toBe(503)
  expect(ready.json()).toEqual({
    status: 'not_ready',
    checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
  })
  // Liveness does not depend on Redis: restarting the process would not bring it back.
  expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200)
})

test('a closed database: /readyz is 503 naming the database, /livez still 200', async () => {
  await t.app.database.close()
  const ready = await readyz()
  expect(ready.statusCode).toBe(503)
  expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { database: 'failed' } })
  expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200)
})
