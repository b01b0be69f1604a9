// Shared by this folder's integration tests (never imported by the server): a seeded dev chain,
// the backend on it over a test database, and a client of the chain's own to judge the API by.
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { FastifyInstance } from 'fastify'
import {
  type DevPolkadot,
  type DevPolkadotKeys,
  devPolkadotKeys,
  startDevPolkadot,
} from '../../../../../scripts/polkadot/index.js'
import {
  type Backend,
  buildRoutesApp,
  openTestDb,
  type TestDb,
  testCodec,
} from '../testing/harness.js'
import { type PolkadotBackend, polkadotBackend } from './backend.js'
import { PolkadotIndexer } from './indexer.js'

export async function startTestChain(): Promise<{
  dot: DevPolkadot
  keys: DevPolkadotKeys
  api: ApiPromise
}> {
  // LATCH_POLKADOT_TEST_SNAPSHOT: reuse a seed of the day while iterating locally (a fresh seed
  // costs minutes of CPU on a loaded machine); unset, as in CI, every run seeds afresh.
  const snapshotFile = process.env.LATCH_POLKADOT_TEST_SNAPSHOT || undefined
  const dot = await startDevPolkadot({ port: 0, ...(snapshotFile ? { snapshotFile } : {}) })
  const keys = await devPolkadotKeys(dot.ss58Prefix)
  const api = await ApiPromise.create({ provider: new WsProvider(dot.url), noInitWarn: true })
  return { dot, keys, api }
}

export interface PolkadotTestStack {
  db: TestDb
  backend: PolkadotBackend
  /** The backend's indexer, for step()/syncToHead() (its lease is not taken by these). */
  indexer: PolkadotIndexer
  app: FastifyInstance
  close(): Promise<void>
}

export async function startPolkadotStack(
  dot: DevPolkadot,
  kind: Backend,
): Promise<PolkadotTestStack> {
  const db = await openTestDb(kind)
  const config = { chains: [{ caip2: dot.caip2, url: dot.url }], fromBlock: 1 }
  const backend = polkadotBackend(config, {
    db: db.handle.db,
    codec: testCodec(),
    airdropMinRecipients: 5,
  })
  const indexer = new PolkadotIndexer({
    db: db.handle.db,
    nodes: backend.nodes,
    chain: dot.caip2,
    url: dot.url,
    fromBlock: 1,
    pollMs: 500,
  })
  const app = await buildRoutesApp(db.handle, [backend])
  return {
    db,
    backend,
    indexer,
    app,
    async close() {
      await indexer.stop()
      for (const follower of backend.followers) await follower.stop()
      await app.close()
      await backend.nodes.close()
      await db.close()
    },
  }
}
