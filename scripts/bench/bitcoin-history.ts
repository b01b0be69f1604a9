/**
 * Bitcoin history latency through the server, for an address with 1,000 transactions on the dev
 * node (not a test: it prints numbers; docs/benchmarks.md#bitcoin-history).
 *
 *   npx tsx --conditions=latch-source scripts/bench/bitcoin-history.ts [--txs 1000] [--seconds 10] [--in-process]
 *
 * On a fresh dev node (bcoin regtest, scripts/bitcoin): one transaction fans a faucet coin out
 * into `--txs` coins, then `--txs` independent payments each pay the subject address from one of
 * them, mined in blocks of 250. Then, through GET /v1/account/:address/history (bare Fastify
 * with the chain routes, PGlite for the project), limit 50:
 *   1. the upstream alone: the dev node's /address/:a/txs pages for the whole history;
 *   2. every page in order, sequentially, three passes: latency p50 / p99 per page;
 *   3. autocannon, 10 connections, each walking the pages in order: req/s and its latency.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p2wpkh } from '@scure/btc-signer'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { bitcoinFamily } from '../../apps/server/src/chains/bip122/backend.js'
import { REGTEST_CAIP2 } from '../../apps/server/src/chains/bip122/networks.js'
import { chainDataRoutes } from '../../apps/server/src/chains/routes.js'
import { CursorCodec } from '../../apps/server/src/chains/shared/cursor.js'
import type { ChainBackend } from '../../apps/server/src/chains/types.js'
import { migrate } from '../../apps/server/src/db/migrate.js'
import { openDatabase } from '../../apps/server/src/db/open.js'
import { installErrorHandling } from '../../apps/server/src/http/errors.js'
import { createProject } from '../../apps/server/src/provider-services/projects.js'
import { REGTEST } from '../bitcoin/esplora.js'
import { devBitcoinKeys, startDevBitcoin } from '../bitcoin/index.js'
import { type Coin, signedTransaction } from '../bitcoin/transactions.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback
}
const TXS = Number(arg('txs', '1000'))
const SECONDS = Number(arg('seconds', '10'))
const LIMIT = 50

const load = () => os.loadavg()[0]?.toFixed(2)
console.log(`load average at start: ${load()} (${os.cpus().length} cores)`)
const keys = devBitcoinKeys()
// The node runs in a process of its own (as in `npm start`, where bcoin shares nothing with the
// server's requests): --in-process runs it in this one, sharing the event loop with the server.
const inProcess = args.includes('--in-process')
const bitcoin = inProcess ? await startDevBitcoin({ port: 0 }) : await nodeProcess()
console.log(`dev node ${inProcess ? 'in this process' : 'in its own process'} at ${bitcoin.url}`)

async function nodeProcess(): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `const m = await import(${JSON.stringify(new URL('../bitcoin/index.ts', import.meta.url).href)}); const b = await m.startDevBitcoin({ port: 0 }); console.log('URL ' + b.url)`
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=latch-source', '--input-type=module', '-e', code],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /URL (\S+)/.exec(out)
      if (match) resolve(match[1] as string)
    })
    child.once('exit', (status) => reject(new Error(`the node process ended (${status})`)))
  })
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
    },
  }
}
const get = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${bitcoin.url}${path}`)
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}
const post = async (path: string, body: string) => {
  const response = await fetch(`${bitcoin.url}${path}`, { method: 'POST', body })
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${await response.text()}`)
}
const mine = (blocks: number) =>
  post('/regtest/mine', JSON.stringify({ blocks, address: keys.faucet.address }))

// The subject: an address nobody else uses (only its address is needed).
const subject = p2wpkh(secp256k1.getPublicKey(new Uint8Array(32).fill(7), true), REGTEST)
  .address as string

// 1. Fill: a faucet coinbase coin (mature) fanned out into TXS coins, then one payment per coin.
const fill = performance.now()
const tip = Number(await (await fetch(`${bitcoin.url}/blocks/tip/height`)).text())
const utxos = await get<
  {
    txid: string
    vout: number
    value: number
    status: { confirmed: boolean; block_height?: number }
  }[]
>(`/address/${keys.faucet.address}/utxo`)
const mature = utxos.find(
  (u) => u.status.confirmed && (u.status.block_height ?? tip) <= tip - 100 && u.value >= 20 * 1e8,
)
if (!mature) throw new Error('the faucet has no mature coin of 20 BTC')
const faucetCoin: Coin = { ...mature, owner: keys.faucet }
const each = 100_000
const fanOut = signedTransaction(
  [faucetCoin],
  [
    ...Array.from({ length: TXS }, () => ({ address: keys.faucet.address, value: each })),
    { address: keys.faucet.address, value: faucetCoin.value - TXS * each - 200_000 },
  ],
)
await post('/tx', fanOut.hex)
await mine(1)
for (let i = 0; i < TXS; i++) {
  const coin: Coin = { txid: fanOut.txid, vout: i, value: each, owner: keys.faucet }
  // Several outputs to the subject per transaction, as a batch payout pays one customer.
  const payment = signedTransaction(
    [coin],
    [
      { address: subject, value: 40_000 },
      { address: subject, value: 30_000 + i },
      { address: keys.faucet.address, value: each - 70_000 - i - 1_000 },
    ],
  )
  await post('/tx', payment.hex)
  if ((i + 1) % 250 === 0) await mine(1)
}
await mine(1)
const stats = await get<{ chain_stats: { tx_count: number } }>(`/address/${subject}`)
console.log(
  `filled: ${stats.chain_stats.tx_count} transactions for ${subject} in ${((performance.now() - fill) / 1000).toFixed(1)} s (bcoin validates each)`,
)

// 2. The upstream alone: the node's own pages of the whole history.
let started = performance.now()
let upstreamPages = 0
let page = await get<{ txid: string }[]>(`/address/${subject}/txs/chain`)
while (page.length > 0) {
  upstreamPages++
  page = await get<{ txid: string }[]>(`/address/${subject}/txs/chain/${page.at(-1)?.txid}`)
}
const upstreamMs = performance.now() - started
console.log(
  `upstream: ${upstreamPages} Esplora pages of 25 in ${upstreamMs.toFixed(0)} ms (${(upstreamMs / upstreamPages).toFixed(1)} ms a page)`,
)

// 3. The server.
const handle = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
await migrate(handle)
const backend = bitcoinFamily.create(
  { chains: [{ caip2: REGTEST_CAIP2, url: bitcoin.url }], timeoutMs: 10_000 },
  {
    db: handle.db,
    codec: new CursorCodec('bench-cursor-secret-0123456789'),
    airdropMinRecipients: 5,
  },
) as ChainBackend
const app = Fastify({ logger: false })
app.decorate('db', handle.db)
installErrorHandling(app)
await app.register(chainDataRoutes({ backends: [backend] }))
const serverUrl = await app.listen({ host: '127.0.0.1', port: 0 })
const project = await createProject(handle.db, { name: 'bench', origins: [] })
const path = (cursor?: string | null) =>
  `/v1/account/${subject}/history?projectId=${project.id}&chainId=${REGTEST_CAIP2}&limit=${LIMIT}${cursor ? `&cursor=${cursor}` : ''}`

const paths: string[] = []
const samples: number[] = []
let rows = 0
const ids = new Set<string>()
for (let pass = 0; pass < 3; pass++) {
  let cursor: string | null | undefined
  do {
    const p = path(cursor)
    if (pass === 0) paths.push(p)
    started = performance.now()
    const response = await fetch(`${serverUrl}${p}`)
    const body = (await response.json()) as { data: unknown[]; next: string | null }
    samples.push(performance.now() - started)
    if (response.status !== 200) throw new Error(JSON.stringify(body))
    if (pass === 0) {
      rows += body.data.length
      for (const row of body.data as { id: string }[]) ids.add(row.id)
    }
    cursor = body.next
  } while (cursor)
}
samples.sort((a, b) => a - b)
const pct = (q: number) =>
  samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number
if (rows !== stats.chain_stats.tx_count || ids.size !== rows)
  throw new Error(`paged ${rows} rows, the node has ${stats.chain_stats.tx_count}`)
console.log(
  `sequential: ${rows} transactions in ${paths.length} pages of ${LIMIT}; ${samples.length} requests, p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms`,
)

const loadBefore = load()
const result = await autocannon({
  url: serverUrl,
  connections: 10,
  duration: SECONDS,
  requests: paths.map((p) => ({ method: 'GET', path: p })),
})
console.log(
  `autocannon, 10 connections, ${SECONDS} s, pages in order: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors}; load ${loadBefore} → ${load()}`,
)
await app.close()
await handle.close()
await bitcoin.stop()
