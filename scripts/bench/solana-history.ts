/**
 * Solana history throughput against the local cluster (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/solana-history.ts [--txs 2000]
 *
 * Gives one account `--txs` transactions (SOL in and out, LUSD in) on a fresh local cluster, then
 * measures in the same run:
 *   1. the cluster's raw rate: getSignaturesForAddress pages + getTransaction for each, eight in
 *      flight — the anchor;
 *   2. the server's first read of that account (signatures, transactions, extraction, one database
 *      transaction) into PGlite, through GET /v1/account/:address/history;
 *   3. a second first page (nothing new: one signatures call) and paging through all of it.
 */

import { createSolanaRpc, lamports, type Signature } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import Fastify from 'fastify'
import { chainDataRoutes } from '../../apps/server/src/chains/routes.js'
import { CursorCodec } from '../../apps/server/src/chains/shared/cursor.js'
import { solanaBackend } from '../../apps/server/src/chains/solana/backend.js'
import { loadSolanaConfig } from '../../apps/server/src/chains/solana/config.js'
import { createSolanaService } from '../../apps/server/src/chains/solana/service.js'
import { migrate } from '../../apps/server/src/db/migrate.js'
import { openDatabase } from '../../apps/server/src/db/open.js'
import { installErrorHandling } from '../../apps/server/src/http/errors.js'
import { createProject } from '../../apps/server/src/provider-services/projects.js'
import {
  devSigner,
  devTokenList,
  LOCAL_CLUSTER_CAIP2,
  startDevSolana,
  submitInstructions,
} from '../solana/index.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback
}
const TXS = Number(arg('txs', '2000'))

const cluster = await startDevSolana({ port: 0 })
const keys = cluster.seed.keys
const subject = await devSigner(`bench subject ${Date.now()}`)
const fill = performance.now()
for (let i = 0; i < TXS; i++) {
  const from = i % 2 === 0 ? keys.accounts.friend : keys.accounts.pool
  await submitInstructions(cluster.ledger, from, [
    getTransferSolInstruction({
      source: from,
      destination: subject.address,
      amount: lamports(1_000_000n + BigInt(i)),
    }),
  ])
}
console.log(
  `filled ${TXS} transactions in ${((performance.now() - fill) / 1000).toFixed(1)} s (litesvm + ledger)`,
)

// 1. The anchor: what reading the account costs through the cluster's RPC alone.
const rpc = createSolanaRpc(cluster.rpcUrl)
let started = performance.now()
const signatures: string[] = []
let before: string | undefined
for (;;) {
  const page = await rpc
    .getSignaturesForAddress(subject.address, {
      limit: 1000,
      ...(before ? { before: before as Signature } : {}),
    })
    .send()
  signatures.push(...page.map((s) => s.signature))
  if (page.length < 1000) break
  before = page.at(-1)?.signature
}
let next = 0
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < signatures.length) {
      const signature = signatures[next++] as Signature
      await rpc
        .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
        .send()
    }
  }),
)
const rawSeconds = (performance.now() - started) / 1000
const rawRate = signatures.length / rawSeconds
console.log(
  `raw RPC: ${signatures.length} transactions in ${rawSeconds.toFixed(2)} s = ${rawRate.toFixed(0)} tx/s`,
)

// 2. The server's first read, through the route.
const handle = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
await migrate(handle)
const issues: string[] = []
const config = loadSolanaConfig(
  {
    LATCH_SOLANA_CLUSTERS: `${LOCAL_CLUSTER_CAIP2}=${cluster.rpcUrl}`,
    LATCH_SOLANA_TOKENS: await devTokenList(),
  },
  issues,
)
const codec = new CursorCodec('bench-cursor-secret-0123456789')
const solana = createSolanaService(handle.db, config, { codec, airdropMinRecipients: 5 })
const app = Fastify({ logger: false })
app.decorate('db', handle.db)
installErrorHandling(app)
await app.register(chainDataRoutes({ backends: [solanaBackend(solana)] }))
await app.ready()
const project = await createProject(handle.db, { name: 'bench', origins: [] })
const url = (cursor?: string) =>
  `/v1/account/${subject.address}/history?projectId=${project.id}&chainId=${LOCAL_CLUSTER_CAIP2}&limit=100${cursor ? `&cursor=${cursor}` : ''}`
started = performance.now()
const first = await app.inject({ url: url() })
const syncSeconds = (performance.now() - started) / 1000
if (first.statusCode !== 200) throw new Error(first.body)
const syncRate = signatures.length / syncSeconds
console.log(
  `server first read (PGlite): ${signatures.length} transactions in ${syncSeconds.toFixed(2)} s = ${syncRate.toFixed(0)} tx/s (${(syncRate / rawRate).toFixed(2)}× raw)`,
)

// 3. A repeat first page (nothing new) and paging to the end.
started = performance.now()
await app.inject({ url: url() })
console.log(`first page again, nothing new: ${(performance.now() - started).toFixed(1)} ms`)
started = performance.now()
let pages = 0
let cursor: string | null = (first.json() as { next: string | null }).next
while (cursor) {
  const page = await app.inject({ url: url(cursor) })
  cursor = (page.json() as { next: string | null }).next
  pages += 1
}
console.log(
  `paged the rest: ${pages} pages of 100 in ${(performance.now() - started).toFixed(0)} ms`,
)
await app.close()
await handle.close()
await cluster.stop()
