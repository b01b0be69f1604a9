/**
 * The dev Polkadot chain `npm start` runs: a real Substrate runtime (Rococo Asset Hub's genesis
 * runtime) executed by chopsticks, offline, seeded with sixteen months of history, on a loopback
 * JSON-RPC port (docs/polkadot-node.md). Development and tests only.
 */
import { existsSync } from 'node:fs'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { DEV_SS58_PREFIX, type DevChain, openDevChain } from './chain.js'
import { PolkadotPortError } from './errors.js'
import { type DevPolkadotKeys, devPolkadotKeys } from './keys.js'
import { serveDevChainRpc } from './rpc.js'
import { type PolkadotSeedSummary, seedPolkadotHistory, seedStart } from './seed.js'
import {
  readSnapshot,
  SNAPSHOT_FORMAT,
  snapshotDay,
  takeSnapshotBlocks,
  writeSnapshot,
} from './snapshot.js'

export { DEV_SS58_PREFIX } from './chain.js'
export { PolkadotChainError, PolkadotPortError } from './errors.js'
export {
  DEV_POLKADOT_ACCOUNTS,
  DEV_POLKADOT_MNEMONIC,
  type DevPolkadotKeys,
  devPolkadotKeys,
} from './keys.js'
export { SEED_MONTHS } from './seed.js'

/** Substrate nodes' default RPC port; LATCH_POLKADOT_PORT moves it. */
export const DEFAULT_POLKADOT_PORT = 9944

/** Each dev account starts with this many whole tokens (ROC, 12 decimals) but Alice and Bob. */
const FUNDED_UNITS = 1_000_000n

export interface DevPolkadot {
  /** ws://127.0.0.1:port (HTTP POST JSON-RPC on the same port). */
  url: string
  httpUrl: string
  /** chain_getBlockHash(0), as the chain answers it. */
  genesisHash: string
  /** polkadot:<first 32 hex digits of the genesis hash> (CAIP-2). */
  caip2: string
  ss58Prefix: number
  /** The dev accounts' addresses (SS58 with ss58Prefix). */
  accounts: Record<keyof DevPolkadotKeys, string>
  seed: PolkadotSeedSummary
  /** Whether the seed was put back from today's snapshot rather than built. */
  fromSnapshot: boolean
  /** Milliseconds from loading chopsticks to a seeded chain answering. */
  startMs: number
  /** Turns instant block production on or off (a block as soon as a transaction arrives). */
  setInstant(on: boolean): void
  /** Builds one block with the pooled transactions, now (or at `timestamp` ms). */
  newBlock(timestamp?: number): Promise<{ number: number; hash: string }>
  stop(): Promise<void>
}

export function polkadotPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LATCH_POLKADOT_PORT
  if (raw === undefined || raw === '') return DEFAULT_POLKADOT_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new PolkadotPortError(raw)
  return port
}

/**
 * Starts the chain. `instant` builds a block as soon as a transaction enters the pool (so a
 * wallet's transfer lands by itself); without it blocks come only from dev_newBlock or
 * `newBlock()`, as tests want. With `snapshotFile`, a seed made earlier the same UTC day is put
 * back instead of built again (snapshot.ts), and a new seed is saved there.
 */
export async function startDevPolkadot(
  options: {
    host?: string
    port?: number
    now?: Date
    instant?: boolean
    snapshotFile?: string
  } = {},
): Promise<DevPolkadot> {
  const began = performance.now()
  const now = (options.now ?? new Date()).getTime()
  const keys = await devPolkadotKeys(DEV_SS58_PREFIX)
  const snapshot = options.snapshotFile
    ? await usableSnapshot(options.snapshotFile, now)
    : undefined
  // A snapshot that does not put back cleanly (a header not hashing to its block) is dropped.
  const restored = snapshot
    ? await openDevChain({ blocks: snapshot.blocks }).catch(() => undefined)
    : undefined
  const devChain = restored ?? (await openDevChain({ firstBlockAt: seedStart(now) - 3_600_000 }))
  if (!restored) await fund(devChain, keys)
  let instant = false
  let pending: Promise<unknown> = Promise.resolve()
  const rpc = await serveDevChainRpc(devChain, {
    host: options.host,
    port: options.port ?? DEFAULT_POLKADOT_PORT,
    onSubmitted: () => {
      if (!instant) return
      // One block per submission, stamped with the wall clock (never before the head's time).
      pending = pending
        .then(async () => {
          if (!devChain.chain.txPool.pendingExtrinsics.length) return
          const at = Math.max(Date.now(), (await devChain.headTimestamp()) + devChain.slotMs)
          await devChain.buildBlock(at)
        })
        .catch(() => {})
    },
  })
  try {
    const seed =
      restored && snapshot ? snapshot.seed : await seedThroughRpc(devChain, rpc.url, keys, now)
    if (!restored && options.snapshotFile)
      writeSnapshot(options.snapshotFile, {
        format: SNAPSHOT_FORMAT,
        day: snapshotDay(now),
        genesisStateRoot: devChain.genesisStateRoot,
        seed,
        blocks: await takeSnapshotBlocks(devChain.chain),
      })
    const genesisHash = (await devChain.chain.getBlockAt(0))?.hash ?? ''
    instant = options.instant ?? false
    return {
      url: rpc.url,
      httpUrl: rpc.httpUrl,
      genesisHash,
      caip2: `polkadot:${genesisHash.slice(2, 34)}`,
      ss58Prefix: DEV_SS58_PREFIX,
      accounts: Object.fromEntries(
        Object.entries(keys).map(([name, account]) => [name, account.address]),
      ) as DevPolkadot['accounts'],
      seed,
      fromSnapshot: !!restored,
      startMs: performance.now() - began,
      setInstant(on) {
        instant = on
      },
      async newBlock(timestamp) {
        const at =
          timestamp ?? Math.max(Date.now(), (await devChain.headTimestamp()) + devChain.slotMs)
        return devChain.buildBlock(at)
      },
      async stop() {
        instant = false
        await pending
        await rpc.stop()
        await devChain.close()
      },
    }
  } catch (error) {
    await rpc.stop()
    await devChain.close()
    throw error
  }
}

async function seedThroughRpc(
  devChain: DevChain,
  url: string,
  keys: DevPolkadotKeys,
  now: number,
): Promise<PolkadotSeedSummary> {
  const api = await ApiPromise.create({ provider: new WsProvider(url), noInitWarn: true })
  try {
    return await seedPolkadotHistory(devChain, api, keys, now)
  } finally {
    await api.disconnect()
  }
}

/** Today's snapshot if `file` holds one for this genesis (read with the genesis open once). */
async function usableSnapshot(file: string, now: number) {
  if (!existsSync(file)) return undefined
  const { loadChopsticks, CHAIN_SPEC_MODULE } = await import('./chain.js')
  const c = await loadChopsticks()
  const { chainSpec } = (await import(CHAIN_SPEC_MODULE)) as { chainSpec: string }
  const genesis = new c.GenesisProvider(JSON.parse(chainSpec))
  const { stateRoot } = await genesis.getHeader()
  return readSnapshot(file, { day: snapshotDay(now), genesisStateRoot: stateRoot })
}

/** Funds the dev accounts by storage override (no sudo key involved), Total issuance with them. */
async function fund(devChain: DevChain, keys: DevPolkadotKeys) {
  const { chain, core } = devChain
  const meta = await chain.head.meta
  const decimals = meta.registry.chainDecimals[0] ?? 12
  const amount = FUNDED_UNITS * 10n ** BigInt(decimals)
  const funded = [keys.faucet, keys.charlie, keys.dave]
  const issuance = BigInt(
    (await chain.head.read('u128', meta.query.balances.totalIssuance))?.toString() ?? '0',
  )
  await core.setStorage(chain, {
    System: {
      Account: funded.map((a) => [
        [a.address],
        { providers: 1, data: { free: amount.toString() } },
      ]),
    },
    Balances: { TotalIssuance: (issuance + amount * BigInt(funded.length)).toString() },
  })
}
