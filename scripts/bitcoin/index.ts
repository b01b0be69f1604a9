/**
 * The dev Bitcoin node `npm start` runs: bcoin in regtest, seeded with sixteen months of
 * history, behind an Esplora-compatible REST (docs/bitcoin-node.md). Development and tests only.
 */
import { devBitcoinKeys } from './keys.js'
import { BitcoinNode } from './node.js'
import { serveEsplora } from './rest.js'
import { type BitcoinSeedSummary, seedBitcoinHistory } from './seed.js'

export { TransactionRejectedError } from './errors.js'
export { DEV_BITCOIN_MNEMONIC, DEV_BITCOIN_PATHS, devBitcoinKeys } from './keys.js'
export { BitcoinNode } from './node.js'
export { serveEsplora } from './rest.js'
export { seedBitcoinHistory } from './seed.js'

/** Esplora's regtest port (electrs); LATCH_BITCOIN_PORT moves it. */
export const DEFAULT_BITCOIN_PORT = 3002

export interface DevBitcoin {
  url: string
  node: BitcoinNode
  seed: BitcoinSeedSummary
  /** Milliseconds from loading bcoin to a seeded node answering. */
  startMs: number
  addresses: { payment: string; ordinal: string }
  stop(): Promise<void>
}

export function bitcoinPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LATCH_BITCOIN_PORT
  if (raw === undefined || raw === '') return DEFAULT_BITCOIN_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`LATCH_BITCOIN_PORT: must be a port number from 1 to 65535, got "${raw}"`)
  return port
}

export async function startDevBitcoin(
  options: { host?: string; port?: number; now?: Date; mineEveryMs?: number } = {},
): Promise<DevBitcoin> {
  const began = performance.now()
  const node = await BitcoinNode.open()
  const seed = await seedBitcoinHistory(node, options.now)
  const rest = await serveEsplora(node, {
    host: options.host,
    port: options.port ?? DEFAULT_BITCOIN_PORT,
  })
  const keys = devBitcoinKeys()
  // In dev a wallet's payment confirms without anyone mining by hand: a block every few seconds
  // while the mempool holds transactions. Tests mine themselves (no timer).
  const miner = options.mineEveryMs
    ? setInterval(() => {
        if (node.mempoolTxs().length) void node.mine(1, keys.faucet.address).catch(() => {})
      }, options.mineEveryMs)
    : undefined
  return {
    url: rest.url,
    node,
    seed,
    startMs: performance.now() - began,
    addresses: { payment: keys.payment.address, ordinal: keys.ordinal.address },
    async stop() {
      if (miner) clearInterval(miner)
      await rest.stop()
      await node.close()
    },
  }
}
