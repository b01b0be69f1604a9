/**
 * Indexer throughput against anvil (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/indexer-throughput.ts [--blocks 1000] [--txs-per-block 4]
 *
 * Fills a fresh anvil with blocks of ETH and ERC-20 transfers, then measures in the same run:
 *   1. anvil's raw rate: eth_getBlockByNumber (full transactions) + eth_getBlockReceipts per block,
 *      batched JSON-RPC over HTTP, 8 blocks in flight — the anchor;
 *   2. the indexer (fetch, decode, trace, token metadata, write with checkpoint) into PGlite and
 *      into Postgres, batches of 50 blocks.
 * Goal: the indexer reaches at least half of the raw rate.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
} from 'viem'
import { ChainIndexer } from '../../apps/server/src/chains/eip155/indexer.js'
import { BlockSource } from '../../apps/server/src/chains/eip155/source.js'
import { ChainStore } from '../../apps/server/src/chains/eip155/store.js'
import { migrate } from '../../apps/server/src/db/migrate.js'
import { openDatabase } from '../../apps/server/src/db/open.js'
import { DEV_CHAIN_ID, startAnvil } from '../devchain/anvil.js'
import { artifact } from '../devchain/contracts/artifacts.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback
}
const BLOCKS = Number(arg('blocks', '1000'))
const PER_BLOCK = Number(arg('txs-per-block', '4'))
const PG_BASE = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test'

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

async function fill(url: string): Promise<number> {
  const accounts = await rpc<string[]>(url, 'eth_accounts')
  const { abi, bytecode } = artifact('LatchToken')
  const deployTx = await rpc<Hex>(url, 'eth_sendTransaction', [
    {
      from: accounts[0],
      data: encodeDeployData({ abi, bytecode, args: ['Bench Token', 'BENCH', 18] }),
    },
  ])
  // Automine answers before the receipt is queryable now and then.
  let receipt: { contractAddress: string } | null = null
  while (!receipt) {
    receipt = await rpc<{ contractAddress: string } | null>(url, 'eth_getTransactionReceipt', [
      deployTx,
    ])
    if (!receipt) await new Promise((r) => setTimeout(r, 20))
  }
  const token = receipt.contractAddress
  for (let i = 0; i < 4; i++)
    await rpc(url, 'eth_sendTransaction', [
      {
        from: accounts[0],
        to: token,
        data: encodeFunctionData({ abi, functionName: 'mint', args: [accounts[i], 10n ** 30n] }),
      },
    ])
  await rpc(url, 'evm_setAutomine', [false])
  for (let b = 0; b < BLOCKS; b++) {
    for (let t = 0; t < PER_BLOCK; t++) {
      const from = accounts[(b + t) % 4]
      const to = accounts[(b + t + 1) % 4]
      const tx =
        t % 2 === 0
          ? { from, to, value: numberToHex(1000 + b) }
          : {
              from,
              to: token,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [to as Hex, BigInt(b + 1)],
              }),
            }
      await rpc(url, 'eth_sendTransaction', [tx])
    }
    await rpc(url, 'evm_mine', [])
  }
  await rpc(url, 'evm_setAutomine', [true])
  return Number(await rpc<Hex>(url, 'eth_blockNumber'))
}

async function rawRate(url: string, head: number): Promise<number> {
  const client = createPublicClient({
    transport: http(url, { batch: { batchSize: 100, wait: 0 } }),
  })
  const started = performance.now()
  let next = 1
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next <= head) {
        const n = next++
        const block = (await client.request({
          method: 'eth_getBlockByNumber',
          params: [numberToHex(n), true],
        })) as {
          hash: Hex
        }
        await client.request({ method: 'eth_getBlockReceipts', params: [block.hash] } as never)
      }
    }),
  )
  return head / ((performance.now() - started) / 1000)
}

/** The indexer's reading side alone (decode and traces included, no database). */
async function sourceRate(url: string, head: number): Promise<number> {
  const source = new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: url })
  const started = performance.now()
  let next = 1
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next <= head) await source.fetchBlock(next++)
    }),
  )
  return head / ((performance.now() - started) / 1000)
}

async function indexerRate(
  url: string,
  head: number,
  backend: 'pglite' | 'postgres',
): Promise<number> {
  let databaseUrl: string | undefined
  let dbName = ''
  if (backend === 'postgres') {
    dbName = `latch_bench_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: PG_BASE })
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    await admin.end()
    const u = new URL(PG_BASE)
    u.pathname = `/${dbName}`
    databaseUrl = u.href
  }
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' })
  try {
    await migrate(database)
    const indexer = new ChainIndexer({
      source: new BlockSource({ chainId: DEV_CHAIN_ID, rpcUrl: url }),
      store: new ChainStore(database.db),
      batchSize: 50,
      concurrency: 8,
    })
    const store = (indexer as unknown as { store: ChainStore }).store
    const commit = store.commit.bind(store)
    let writing = 0
    store.commit = async (...a: Parameters<ChainStore['commit']>) => {
      const t = performance.now()
      await commit(...a)
      writing += performance.now() - t
    }
    const inner = indexer as unknown as { extras: (...a: unknown[]) => Promise<unknown> }
    const extras = inner.extras.bind(indexer)
    let metadata = 0
    inner.extras = async (...a: unknown[]) => {
      const t = performance.now()
      const out = await extras(...a)
      metadata += performance.now() - t
      return out
    }
    const started = performance.now()
    await indexer.syncToHead()
    const total = (performance.now() - started) / 1000
    console.log(
      `  ${backend}: ${total.toFixed(2)} s, of which ${(writing / 1000).toFixed(2)} s in commits and ${(metadata / 1000).toFixed(2)} s in token metadata/spam`,
    )
    return (head + 1) / ((performance.now() - started) / 1000)
  } finally {
    await database.close()
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_BASE })
      await admin.connect()
      await admin.query(`drop database if exists ${dbName} with (force)`)
      await admin.end()
    }
  }
}

const anvil = await startAnvil({ port: Number(process.env.BENCH_ANVIL_PORT) || 0 })
try {
  console.log(
    `Filling anvil with ${BLOCKS} blocks of ${PER_BLOCK} transactions (half ETH, half ERC-20)…`,
  )
  const head = await fill(anvil.rpcUrl)
  const raw = await rawRate(anvil.rpcUrl, head)
  // Two rounds, best of each: the machine is shared, and a single run can land on a busy moment.
  let fetchOnly = 0
  let pglite = 0
  let postgres = 0
  let anchor = raw
  for (let round = 0; round < 2; round++) {
    fetchOnly = Math.max(fetchOnly, await sourceRate(anvil.rpcUrl, head))
    pglite = Math.max(pglite, await indexerRate(anvil.rpcUrl, head, 'pglite'))
    postgres = Math.max(postgres, await indexerRate(anvil.rpcUrl, head, 'postgres'))
    anchor = Math.max(anchor, await rawRate(anvil.rpcUrl, head))
  }
  console.log(`\n| measure | blocks/s | ratio to raw |\n|---|---|---|`)
  console.log(`| anvil raw block+receipts fetch | ${anchor.toFixed(0)} | 1.00 |`)
  console.log(
    `| indexer's block reading alone (traces, no DB) | ${fetchOnly.toFixed(0)} | ${(fetchOnly / anchor).toFixed(2)} |`,
  )
  console.log(`| indexer → PGlite | ${pglite.toFixed(0)} | ${(pglite / anchor).toFixed(2)} |`)
  console.log(`| indexer → Postgres | ${postgres.toFixed(0)} | ${(postgres / anchor).toFixed(2)} |`)
  console.log(
    `\nBest of 2 rounds each. Goal: indexer ≥ 0.5 × raw. Blocks: ${head}, transactions per block: ${PER_BLOCK}.`,
  )
} finally {
  await anvil.stop()
}
