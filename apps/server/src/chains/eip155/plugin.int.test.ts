import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../../scripts/devchain/anvil.js'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { migrate } from '../../db/migrate.js'
import type { DatabaseHandle } from '../../db/types.js'
import { createProject } from '../../provider-services/projects.js'
import { openTestDatabase } from '../../testing/database.js'

describe('the chain data plugin inside the server', () => {
  let anvil: AnvilInstance
  let database: DatabaseHandle

  beforeAll(async () => {
    anvil = await startAnvil()
    database = await openTestDatabase()
    await migrate(database)
  })
  afterAll(async () => {
    await database?.close()
    await anvil?.stop()
  })

  it('serves the routes, and indexes in-process only once the server listens', async () => {
    const rpc = (method: string, params: unknown[]) =>
      fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json() as Promise<{ result: never }>)
    const accounts: string[] = (await rpc('eth_accounts', [])).result
    const send = async (value: string): Promise<string> =>
      (await rpc('eth_sendTransaction', [{ from: accounts[0], to: accounts[1], value }])).result
    const older = await send('0x4')
    const hash = await send('0x5')

    const config = loadConfig({
      LATCH_DATA_DIR: 'memory://',
      LATCH_LOG_LEVEL: 'silent',
      LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    })
    const app = await buildApp({ config, db: database })
    const { id: projectId } = await createProject(database.db, { name: 'Plugin test', origins: [] })
    try {
      expect((await app.inject(`/v1/supported-chains?projectId=${projectId}`)).json()).toEqual({
        http: ['eip155:31337'],
        ws: [],
      })
      const history = () =>
        app
          .inject(`/v1/account/${accounts[1]}/history?projectId=${projectId}`)
          .then((r) => r.json())
      // inject() alone never starts the indexer.
      await new Promise((r) => setTimeout(r, 1500))
      expect((await history()).data).toEqual([])

      await app.listen({ port: 0, host: '127.0.0.1' })
      let data: { metadata: { hash: string } }[] = []
      for (let i = 0; i < 100 && data.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100))
        data = (await history()).data
      }
      for (let i = 0; i < 100 && data.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 100))
        data = (await history()).data
      }
      expect(data.map((t) => t.metadata.hash)).toEqual([hash, older])

      // No LATCH_CURSOR_SECRET: cursors are sealed with this install's own random key, so they
      // hold here and are refused by another install (never a key published in our source).
      const first = await app.inject(
        `/v1/account/${accounts[1]}/history?projectId=${projectId}&limit=1`,
      )
      const next = first.json().next as string
      const page2 = await app.inject(
        `/v1/account/${accounts[1]}/history?projectId=${projectId}&limit=1&cursor=${encodeURIComponent(next)}`,
      )
      expect(page2.json().data.map((t: { metadata: { hash: string } }) => t.metadata.hash)).toEqual(
        [older],
      )
      const other = await buildApp({ config, db: database })
      try {
        const refused = await other.inject(
          `/v1/account/${accounts[1]}/history?projectId=${projectId}&limit=1&cursor=${encodeURIComponent(next)}`,
        )
        expect(refused.statusCode).toBe(400)
        expect(refused.json().error.code).toBe('INVALID_CURSOR')
      } finally {
        await other.close()
      }
    } finally {
      await app.close()
    }
  })
})
