// Shared by this folder's integration tests (never imported by the server): a seeded dev node
// with manual blocks, the backend on it, and the node's own records to judge the API against.
import { StargateClient } from '@cosmjs/stargate'
import type { FastifyInstance } from 'fastify'
import { type DevCosmos, startDevCosmos } from '../../../../../scripts/cosmos/index.js'
import { testKit } from '../../../../../scripts/cosmos/testing.js'
import { buildRoutesApp, openTestDb, type TestDb, testCodec } from '../testing/harness.js'
import type { ChainBackend } from '../types.js'
import { cosmosFamily } from './backend.js'
import { DEV_CAIP2 } from './networks.js'

export const DEV = DEV_CAIP2

export interface CosmosTestStack {
  node: DevCosmos
  client: StargateClient
  kit: ReturnType<typeof testKit>
  db: TestDb
  backend: ChainBackend
  app: FastifyInstance
  close(): Promise<void>
}

export async function startCosmosStack(): Promise<CosmosTestStack> {
  const node = await startDevCosmos({ rpcPort: 0, restPort: 0, blocks: 'manual' })
  const client = await StargateClient.connect(node.rpcUrl)
  const db = await openTestDb('pglite')
  const backend = cosmosFamily.create(
    { chains: [{ caip2: DEV, rpcUrl: node.rpcUrl, restUrl: node.restUrl }], timeoutMs: 10_000 },
    { db: db.handle.db, codec: testCodec(), airdropMinRecipients: 5 },
  ) as ChainBackend
  const app = await buildRoutesApp(db.handle, [backend])
  return {
    node,
    client,
    kit: testKit(node, client),
    db,
    backend,
    app,
    async close() {
      await app.close()
      await db.close()
      client.disconnect()
      await node.stop()
    },
  }
}

export interface NodeTx {
  hash: string
  height: number
  index: number
  code: number
}

/**
 * The account's transactions as the node's own CometBFT index lists them (every page of both
 * searches, oldest first as the node orders them), merged and put newest first.
 */
export async function nodeHistory(kit: CosmosTestStack['kit'], address: string): Promise<NodeTx[]> {
  const all = new Map<string, NodeTx>()
  for (const query of [`message.sender='${address}'`, `transfer.recipient='${address}'`]) {
    for (let page = 1; ; page++) {
      const { result } = await nodeRpc(kit.rpc, 'tx_search', {
        query,
        page: String(page),
        per_page: '100',
        order_by: 'asc',
      })
      for (const tx of result.txs as {
        hash: string
        height: string
        index: number
        tx_result: { code: number }
      }[])
        all.set(tx.hash, {
          hash: tx.hash,
          height: Number(tx.height),
          index: tx.index,
          code: tx.tx_result.code,
        })
      if (page * 100 >= Number(result.total_count)) break
    }
  }
  return [...all.values()].sort((a, b) => b.height - a.height || b.index - a.index)
}

/**
 * One JSON-RPC call, sent again once if the node reset a kept-alive connection first (it closes
 * idle ones after 5 s, which a loaded machine's client may not notice in time).
 */
export function nodeRpc(
  rpc: CosmosTestStack['kit']['rpc'],
  method: string,
  params: Record<string, unknown>,
): ReturnType<CosmosTestStack['kit']['rpc']> {
  return rpc(method, params).catch((error: unknown) => {
    if (!(error instanceof TypeError)) throw error
    return rpc(method, params)
  })
}

/** Makes `blocks` blocks now (the node runs with manual blocks). */
export async function mine(node: DevCosmos, blocks = 1): Promise<void> {
  const response = await fetch(`${node.rpcUrl}/dev/mine`, {
    method: 'POST',
    body: JSON.stringify({ blocks }),
  })
  if (response.status !== 200) throw new Error(`mine: ${response.status} ${await response.text()}`)
}
