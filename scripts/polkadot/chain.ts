/**
 * A Substrate chain in this process: chopsticks-core executing a real runtime's Wasm, started
 * from a raw chain spec shipped in an npm package, with no upstream node and no network
 * (docs/polkadot-node.md). Blocks are built only when asked (`buildBlock`), each at a timestamp
 * the caller may choose, and every block stays in memory so old blocks and their events are
 * served.
 */
import type { Blockchain } from '@acala-network/chopsticks-core'
import { PolkadotChainError } from './errors.js'
import type { SnapshotBlock } from './snapshot.js'
import { DEV_SS58_PREFIX } from './types.js'

export { DEV_SS58_PREFIX }

/**
 * The chain spec: Rococo Asset Hub's, the only spec in @substrate/connect-known-chains that
 * carries its genesis storage (and so its runtime's Wasm); the others hold a state root only.
 */
export const CHAIN_SPEC_MODULE = '@substrate/connect-known-chains/rococo_v2_2_asset_hub'

/** Chopsticks keeps this many blocks in memory; past it a block number would resolve wrongly. */
const MAX_BLOCKS_IN_MEMORY = 1_000_000

type Core = typeof import('@acala-network/chopsticks-core')

let core: Promise<Core> | undefined
/** Chains open in this process: the Wasm executor's worker thread is shared, ended with the last. */
let openChains = 0

/**
 * Loads chopsticks-core once, quiet: it logs every block at info, and reads its level from
 * LOG_LEVEL as it loads (each part's logger is made then), so the variable is set for the load
 * only. LATCH_POLKADOT_LOG_LEVEL=info brings the block log back.
 */
export function loadChopsticks(): Promise<Core> {
  core ??= (async () => {
    const previous = process.env.LOG_LEVEL
    process.env.LOG_LEVEL = process.env.LATCH_POLKADOT_LOG_LEVEL || 'error'
    try {
      return await import('@acala-network/chopsticks-core')
    } finally {
      if (previous === undefined) delete process.env.LOG_LEVEL
      else process.env.LOG_LEVEL = previous
    }
  })()
  return core
}

export interface DevChain {
  chain: Blockchain
  core: Core
  /**
   * Builds one block at `timestamp` (ms) if given, else one slot after the head, with
   * `transactions` (signed extrinsics, hex) or else the pool's.
   */
  buildBlock(
    timestamp?: number,
    transactions?: `0x${string}`[],
  ): Promise<{ number: number; hash: string }>
  /** Runs `fn` between block builds (dev_* calls that touch the head go through here). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  /** The head's `Timestamp.Now`, in ms. */
  headTimestamp(): Promise<number>
  slotMs: number
  /** The genesis header's state root (the chain spec's identity). */
  genesisStateRoot: string
  close(): Promise<void>
}

/**
 * Opens the chain from genesis, then builds block 1 at `firstBlockAt` (ms), or else puts back
 * the blocks of a snapshot (no runtime call). Block building is serialised here, so callers may
 * ask from anywhere (RPC, the instant builder, the seed).
 */
export async function openDevChain(
  options: { firstBlockAt: number; blocks?: undefined } | { blocks: SnapshotBlock[] },
): Promise<DevChain> {
  const c = await loadChopsticks()
  const { chainSpec } = (await import(CHAIN_SPEC_MODULE)) as { chainSpec: string }
  const spec = JSON.parse(chainSpec)
  spec.properties = { ...spec.properties, ss58Format: DEV_SS58_PREFIX }
  const genesis = new c.GenesisProvider(spec)
  const api = new c.Api(genesis)
  await api.isReady
  const hash = genesis.blockHash
  const chain = new c.Blockchain({
    api,
    buildBlockMode: c.BuildBlockMode.Manual,
    inherentProviders: c.inherentProviders,
    header: { hash, number: 0 },
    maxMemoryBlockCount: MAX_BLOCKS_IN_MEMORY,
    registeredTypes: {},
  })
  openChains++
  const slotMs = await c.getSlotDuration(chain.head)
  let queue: Promise<unknown> = Promise.resolve()

  async function build(timestamp?: number, transactions?: `0x${string}`[]) {
    const head = chain.head
    let pushed = false
    if (timestamp !== undefined) {
      const at = Math.floor(timestamp / slotMs) * slotMs
      const current = Number(await c.getCurrentTimestamp(head))
      if (head.number > 0 && at < current + slotMs)
        throw new PolkadotChainError(
          `a block at ${new Date(at).toISOString()} would not follow the head's ${new Date(current).toISOString()}`,
        )
      // Chopsticks stamps a block with its parent's time plus one slot, and the Aura slot in its
      // digest likewise. A layer pushed on the parent for the build moves both; it is taken off
      // afterwards so the parent's own Timestamp.Now still reads as it was (time travel through
      // dev_timeTravel would rewrite it for good).
      const meta = await head.meta
      const before = at - slotMs
      const entries: Array<[`0x${string}`, `0x${string}`]> = [
        [
          c.compactHex(meta.query.timestamp.now()),
          meta.registry.createType('u64', before).toHex(true),
        ],
      ]
      if (meta.query.aura)
        entries.push([
          c.compactHex(meta.query.aura.currentSlot()),
          meta.registry.createType('u64', Math.floor(before / slotMs)).toHex(true),
        ])
      head.pushStorageLayer().setAll(entries)
      pushed = true
    }
    try {
      const block = await chain.newBlock(transactions?.length ? { transactions } : undefined)
      if (block.number !== head.number + 1) throw new PolkadotChainError('block was not built')
      return { number: block.number, hash: block.hash }
    } finally {
      if (pushed) head.popStorageLayer()
    }
  }

  const genesisStateRoot = (await chain.head.header).stateRoot.toHex()
  const devChain: DevChain = {
    chain,
    core: c,
    slotMs,
    genesisStateRoot,
    buildBlock(timestamp, transactions) {
      return devChain.exclusive(() => build(timestamp, transactions))
    },
    exclusive(fn) {
      const next = queue.then(fn)
      queue = next.catch(() => {})
      return next
    },
    async headTimestamp() {
      return Number(await c.getCurrentTimestamp(chain.head))
    },
    async close() {
      await queue
      await chain.close()
      // The executor's worker thread would keep the process alive.
      if (--openChains === 0) await c.destroyWorker()
    },
  }
  try {
    if (options.blocks) await restore(c, chain, options.blocks)
    else await devChain.buildBlock(options.firstBlockAt)
  } catch (error) {
    await devChain.close()
    throw error
  }
  return devChain
}

/** Puts snapshot blocks back on the chain, as chopsticks loads blocks from its own database. */
async function restore(c: Core, chain: Blockchain, blocks: SnapshotBlock[]) {
  let parent = chain.head
  for (const saved of blocks) {
    if (saved.number !== parent.number + 1)
      throw new PolkadotChainError(
        `snapshot: block ${saved.number} does not follow ${parent.number}`,
      )
    const registry = await parent.registry
    const block = new c.Block(chain, saved.number, saved.hash as `0x${string}`, parent, {
      header: registry.createType('Header', saved.header),
      extrinsics: saved.extrinsics,
      storage: parent.storage,
      storageDiff: saved.storageDiff as Record<`0x${string}`, `0x${string}` | null>,
    })
    if ((await block.header).hash.toHex() !== saved.hash)
      throw new PolkadotChainError(`snapshot: block ${saved.number}'s header does not hash to it`)
    await chain.setHead(block)
    parent = block
  }
}
