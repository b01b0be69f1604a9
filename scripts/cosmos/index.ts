/**
 * The dev Cosmos node `npm start` runs: a model of a Cosmos SDK 0.50 chain (x/auth + x/bank)
 * behind CometBFT's RPC and the SDK's REST, verifying real signatures, seeded with sixteen months
 * of history (docs/cosmos-node.md). Development and tests only; loopback only.
 */
import { CosmosChain } from './chain.js'
import { DevValidator } from './comet.js'
import {
  DEFAULT_COSMOS_REST_PORT,
  DEFAULT_COSMOS_RPC_PORT,
  DEV_COSMOS_CHAIN_ID,
  DEV_COSMOS_PREFIX,
} from './config.js'
import { type DevCosmosKeys, devCosmosKeys } from './keys.js'
import { serveRest } from './rest.js'
import { serveRpc } from './rpc.js'
import { type CosmosSeedSummary, seedCosmosHistory, seedGenesis, seedGenesisTime } from './seed.js'

export { CosmosChain } from './chain.js'
export {
  DEFAULT_COSMOS_REST_PORT,
  DEFAULT_COSMOS_RPC_PORT,
  DENOM_METADATA,
  DEV_COSMOS_CHAIN_ID,
  DEV_COSMOS_PREFIX,
  FEE_DENOM,
  MIN_GAS_PRICE,
  TOKEN_DENOM,
} from './config.js'
export type { DevCosmosAccount, DevCosmosKeys, DevCosmosRole } from './keys.js'
export { DEV_COSMOS_ACCOUNTS, DEV_COSMOS_MNEMONIC, devCosmosKeys } from './keys.js'
export type { CosmosSeedSummary } from './seed.js'

export interface DevCosmos {
  /** CometBFT RPC (JSON-RPC over HTTP) — what StargateClient.connect takes. */
  rpcUrl: string
  /** The SDK's REST (LCD). */
  restUrl: string
  chainId: string
  /** CAIP-2: `cosmos:<chain id>`. */
  caip2: string
  prefix: string
  /** The dev accounts: address, HD path and cosmjs signers (direct and amino). */
  accounts: DevCosmosKeys
  seed: CosmosSeedSummary
  /** Milliseconds from deriving the keys to a seeded node answering on both ports. */
  startMs: number
  chain: CosmosChain
  stop(): Promise<void>
}

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name}: must be a port number from 1 to 65535, got "${raw}"`)
  return port
}

/** LATCH_COSMOS_RPC_PORT (26657, CometBFT's) and LATCH_COSMOS_REST_PORT (1317, the SDK's). */
export function cosmosPorts(env: NodeJS.ProcessEnv = process.env) {
  return {
    rpcPort: portFrom(env, 'LATCH_COSMOS_RPC_PORT', DEFAULT_COSMOS_RPC_PORT),
    restPort: portFrom(env, 'LATCH_COSMOS_REST_PORT', DEFAULT_COSMOS_REST_PORT),
  }
}

export async function startDevCosmos(
  options: {
    rpcPort?: number
    restPort?: number
    now?: Date
    /** After a tx enters the mempool, a block in `delayMs` (default 0: next tick), or `manual`. */
    blocks?: { delayMs: number } | 'manual'
  } = {},
): Promise<DevCosmos> {
  const began = performance.now()
  const accounts = await devCosmosKeys(DEV_COSMOS_PREFIX)
  const now = options.now ?? new Date()
  const chain = new CosmosChain({
    chainId: DEV_COSMOS_CHAIN_ID,
    prefix: DEV_COSMOS_PREFIX,
    genesisTime: seedGenesisTime(now),
    genesisBalances: seedGenesis(accounts),
    blocks: 'manual',
  })
  const seed = await seedCosmosHistory(chain, accounts, now)
  chain.blockPolicy = options.blocks ?? { delayMs: 0 }
  const validator = new DevValidator()
  const rpc = await serveRpc(chain, validator, options.rpcPort ?? DEFAULT_COSMOS_RPC_PORT)
  const rest = await serveRest(
    chain,
    validator,
    options.restPort ?? DEFAULT_COSMOS_REST_PORT,
  ).catch(async (error) => {
    await rpc.stop()
    throw error
  })
  return {
    rpcUrl: rpc.url,
    restUrl: rest.url,
    chainId: chain.chainId,
    caip2: `cosmos:${chain.chainId}`,
    prefix: chain.prefix,
    accounts,
    seed,
    startMs: performance.now() - began,
    chain,
    async stop() {
      chain.stop()
      await Promise.all([rpc.stop(), rest.stop()])
    },
  }
}
