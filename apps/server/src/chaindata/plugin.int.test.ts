import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import type { DatabaseHandle } from '../db/types.js'

describe('the chain data plugin inside the server', () => {
  let anvil: AnvilInstance
  let database: DatabaseHandle

  beforeAll(async () => {
    anvil = await startAnvil()
    database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
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
    const hash: string = (
      await rpc('eth_sendTransaction', [{ from: accounts[0], to: accounts[1], value: '0x5' }])
    ).result

    const config = loadConfig({
      LATCH_DATA_DIR: 'memory://',
      LATCH_LOG_LEVEL: 'silent',
      LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    })
    const app = await buildApp({ config, db: database })
    try {
      expect((await app.inject('/v1/supported-chains')).json()).toEqual({
        http: ['eip155:31337'],
        ws: [],
      })
      const history = () => app.inject(`/v1/account/${accounts[1]}/history`).then((r) => r.json())
      // inject() alone never starts the indexer.
      await new Promise((r) => setTimeout(r, 1500))
      expect((await history()).data).toEqual([])

      await app.listen({ port: 0, host: '127.0.0.1' })
      let data: { metadata: { hash: string } }[] = []
      for (let i = 0; i < 100 && data.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100))
        data = (await history()).data
      }
      expect(data.map((t) => t.metadata.hash)).toEqual([hash])
    } finally {
      await app.close()
    }
  })
})
