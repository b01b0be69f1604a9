import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../scripts/devchain/anvil.js'
import { loadConfig } from './config.js'
import { startServer } from './server.js'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

test('startServer listens on the bound port, and close() stops HTTP and the database once', async () => {
  const config = loadConfig({
    LATCH_SERVER_PORT: '0',
    LATCH_DATA_DIR: 'memory://',
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_LOG_LEVEL: 'silent',
  })
  const server = await startServer(config)
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(server.url).not.toMatch(/:0$/)
  const response = await fetch(`${server.url}/healthz`)
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite' } })

  await Promise.all([server.close(), server.close()])
  await server.close()
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
  await expect(server.database.ping()).rejects.toThrow()
}, 300_000)
