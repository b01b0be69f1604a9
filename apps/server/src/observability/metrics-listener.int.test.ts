import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadConfig } from '../config.js'
import { type RunningServer, startServer } from '../server.js'

// LATCH_METRICS_PORT: the metrics on a loopback listener of their own, absent from the public one.
let server: RunningServer
beforeAll(async () => {
  server = await startServer(
    loadConfig({
      LATCH_SERVER_PORT: '0',
      LATCH_METRICS_PORT: '0',
      LATCH_DATA_DIR: 'memory://',
      LATCH_CHAIN_RPC_URL: 'http://127.0.0.1:9',
      LATCH_INDEXER: 'off',
      LATCH_LOG_LEVEL: 'silent',
    }),
  )
})
afterAll(async () => {
  await server?.close()
})

test('the metrics listener serves /metrics on loopback, counting the public port’s requests', async () => {
  expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect((await fetch(`${server.url}/livez`)).status).toBe(200)
  // No REDIS_URL: readiness checks no Redis.
  const ready = await fetch(`${server.url}/readyz`)
  expect(await ready.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', migrations: 'ok' },
  })
  const res = await fetch(`${server.metricsUrl}/metrics`)
  expect(res.status).toBe(200)
  const text = await res.text()
  expect(text).toMatch(
    /latch_http_request_duration_seconds_count\{method="GET",route="\/livez",status_class="2xx"\} 1/,
  )
  // Node's own figures come along once metrics are exposed.
  expect(text).toContain('latch_process_cpu_user_seconds_total')
})

test('attacker: the public port has no /metrics, and the metrics port serves nothing else', async () => {
  const open = await fetch(`${server.url}/metrics`)
  expect(open.status).toBe(404)
  expect(await open.text()).not.toContain('latch_')
  expect((await fetch(`${server.metricsUrl}/healthz`)).status).toBe(404)
  expect((await fetch(`${server.metricsUrl}/readyz`)).status).toBe(404)
})

test('closing the server closes the metrics listener', async () => {
  const url = server.metricsUrl
  await server.close()
  await expect(fetch(`${url}/metrics`)).rejects.toThrow()
})
