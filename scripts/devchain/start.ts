import { existsSync, mkdirSync, renameSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type AaInstallResult, installAccountAbstraction } from './aa/install.js'
import {
  type AnvilInstance,
  AnvilStartError,
  DEV_CHAIN_ID,
  probeChain,
  startAnvil,
} from './anvil.js'
import { type DexInstallResult, installDexOrWarn } from './dex/install.js'
import { installDevFarcasterRegistry } from './farcaster.js'
import { genesisTimestampFor, type SeedResult, SeedStateError, seedDevChain } from './seed.js'

export interface StartDevChainOptions {
  /** Default 8545. */
  port?: number
  host?: string
  /** Where anvil keeps the chain between runs; omitted keeps it in memory only. */
  statePath?: string
  /** The day the seeded history ends near; the default is today. */
  now?: Date
  log?: (message: string) => void
}

export interface DevChain {
  rpcUrl: string
  /** false when a chain already answered at the port and was used as it is. */
  started: boolean
  /** anvil's process id when this call started it. */
  pid?: number
  /** null only for a chain that was already running and could not take the history. */
  seed: SeedResult | null
  /** One line for start-up output, e.g. "seeded 54 transactions in 35 blocks (430 ms)". */
  seedSummary: string
  /** EntryPoint v0.7/v0.8, Safe 1.4.1 and its 4337 module at their canonical addresses (aa/). */
  aa: AaInstallResult | null
  /** Uniswap V2 (WETH9, factory, Router02) and the dev pools with liquidity (dex/). */
  dex: DexInstallResult | null
  /** Stops anvil if this call started it (anvil saves its state on the way out). */
  stop(): Promise<void>
}

export class DevChainError extends Error {
  override name = 'DevChainError'
}

function summarize(seed: SeedResult | null, reason?: string): string {
  if (!seed) return `not seeded: ${reason}`
  if (!seed.seeded) return 'history already seeded'
  return `seeded ${seed.transactions} transactions in ${seed.blocks} blocks (${seed.durationMs} ms)`
}

/** anvil refuses a block timestamp earlier than the chain's last one. */
function isClockConflict(error: unknown): boolean {
  return (
    error instanceof Error &&
    /lower than previous block/.test(`${error.message} ${error.cause ?? ''}`)
  )
}

/** Keeps an unusable state file for inspection and frees its path for a fresh chain. */
function moveAside(statePath: string, log: (message: string) => void): void {
  const aside = `${statePath}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`
  renameSync(statePath, aside)
  log(`moved the unusable chain state to ${aside}`)
}

interface LaunchOptions {
  host: string
  port: number
  statePath?: string
  now: Date
  log: (message: string) => void
}

async function launch({ host, port, statePath, now, log }: LaunchOptions): Promise<AnvilInstance> {
  if (statePath) mkdirSync(path.dirname(statePath), { recursive: true })
  const hasState = statePath !== undefined && existsSync(statePath)
  // A restored chain keeps its own genesis; passing one again would date new blocks in the past.
  const genesisTimestamp = hasState ? undefined : genesisTimestampFor(now)
  try {
    return await startAnvil({ host, port, statePath, genesisTimestamp })
  } catch (error) {
    // anvil refuses a state file it cannot parse (e.g. cut short by kill -9) and names the flag.
    if (!hasState || !(error instanceof AnvilStartError) || !error.message.includes('--state'))
      throw error
    log(`anvil could not load ${statePath}`)
    moveAside(statePath, log)
    return startAnvil({ host, port, statePath, genesisTimestamp: genesisTimestampFor(now) })
  }
}

async function seedStarted(anvil: AnvilInstance, now: Date, log: (message: string) => void) {
  try {
    return await seedDevChain(anvil.rpcUrl, { now, log })
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/**
 * The seeded dev chain for `npm start`: uses a chain already answering at the port, else starts
 * anvil (restoring `statePath` when it holds a complete seed, otherwise starting over).
 */
export async function startDevChain(options: StartDevChainOptions = {}): Promise<DevChain> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? 8545
  const now = options.now ?? new Date()
  const log = options.log ?? (() => {})
  const rpcUrl = `http://${host}:${port}`

  const runningId = await probeChain(rpcUrl)
  if (runningId !== null) {
    if (runningId !== DEV_CHAIN_ID)
      throw new DevChainError(
        `a chain with id ${runningId} already answers at ${rpcUrl}; stop it or choose another LATCH_CHAIN_PORT`,
      )
    log(`using the dev chain already running at ${rpcUrl}`)
    try {
      const seed = await seedDevChain(rpcUrl, { now, log })
      await installDevFarcasterRegistry(rpcUrl)
      const aa = await installAccountAbstraction(rpcUrl, { log })
      const dex = await installDexOrWarn(rpcUrl, log)
      return {
        rpcUrl,
        started: false,
        seed,
        seedSummary: summarize(seed),
        aa,
        dex,
        stop: async () => {},
      }
    } catch (error) {
      if (!(error instanceof SeedStateError)) throw error
      // Someone else's chain: use it without history rather than refuse to start.
      log(`warning: ${error.message}`)
      const seedSummary = summarize(null, error.message)
      return {
        rpcUrl,
        started: false,
        seed: null,
        seedSummary,
        aa: null,
        dex: null,
        stop: async () => {},
      }
    }
  }

  let anvil = await launch({ host, port, statePath: options.statePath, now, log })
  let seed: SeedResult
  try {
    seed = await seedDevChain(anvil.rpcUrl, { now, log })
  } catch (error) {
    await anvil.stop()
    // A saved chain that is half-seeded (killed mid-seed), from an older seed, or whose clock is
    // already past the seed's dates cannot take the history: start over.
    if (!(error instanceof SeedStateError || isClockConflict(error)) || !options.statePath)
      throw error
    log(`the saved chain cannot take the history (${(error as Error).message.split('\n')[0]})`)
    moveAside(options.statePath, log)
    anvil = await launch({ host, port, statePath: options.statePath, now, log })
    seed = await seedStarted(anvil, now, log)
  }
  // Code and storage only, no transaction: written on every start, saved state or not.
  await installDevFarcasterRegistry(anvil.rpcUrl)
  // After the seed, from its own deployer: adds blocks, never a seeded account's transaction.
  let aa: AaInstallResult
  let dex: DexInstallResult | null
  try {
    aa = await installAccountAbstraction(anvil.rpcUrl, { log })
    dex = await installDexOrWarn(anvil.rpcUrl, log)
  } catch (error) {
    await anvil.stop()
    throw error
  }
  return {
    rpcUrl: anvil.rpcUrl,
    started: true,
    pid: anvil.process.pid,
    seed,
    seedSummary: summarize(seed),
    aa,
    dex,
    stop: () => anvil.stop(),
  }
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const port = Number(process.env.LATCH_CHAIN_PORT || 8545)
  const dataDir = path.resolve(root, process.env.LATCH_DATA_DIR || '.data')
  const statePath = process.argv.includes('--in-memory')
    ? undefined
    : path.join(dataDir, 'chain', 'state.json')
  const log = (message: string) => console.log(`[devchain] ${message}`)

  const chain = await startDevChain({ port, statePath, log })
  const seed = chain.seed
  console.log(
    [
      `dev chain ${chain.rpcUrl} (chain id ${DEV_CHAIN_ID}): ${chain.seedSummary}`,
      statePath && chain.started ? `state saved in ${statePath}` : '',
      seed ? `demo accounts: ${seed.accounts.join(', ')}` : '',
      seed ? `contracts: ${JSON.stringify(seed.contracts, null, 2)}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  )
  if (!chain.started) return
  console.log('Press Ctrl-C to stop.')
  const shutdown = () => {
    chain.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error)
    process.exit(1)
  })
}
