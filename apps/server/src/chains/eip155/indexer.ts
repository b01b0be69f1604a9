import type { Address, Hash, Hex } from 'viem'
import { type ChainLease, LeaseLostError } from './lease.js'
import { readNftMetadata, readTokenMetadata } from './metadata.js'
import { BlockNotFoundError, type BlockSource } from './source.js'
import { DEFAULT_AIRDROP_MIN_RECIPIENTS, unsolicitedAirdrops } from './spam.js'
import type { BatchExtras, ChainStore, Checkpoint, CommitHooks, NftRecord } from './store.js'
import type { BlockBundle, ChainEvent, TokenStandard } from './types.js'

export interface IndexerLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export interface IndexerOptions {
  source: BlockSource
  store: ChainStore
  /** First block to index when the chain has no checkpoint. */
  startBlock?: number
  /** Blocks written per database transaction. */
  batchSize?: number
  /** Blocks fetched at once. */
  concurrency?: number
  /** Deepest reorg handled; deeper ones stop the indexer with an error. Defaults to the store's window. */
  maxReorgDepth?: number
  airdropMinRecipients?: number
  pollIntervalMs?: number
  log?: IndexerLogger
  hooks?: CommitHooks
  /**
   * With a lease, start() writes only while it holds it and stands by otherwise, and every write
   * is fenced by it (lease.ts, docs/deployment.md#one-indexer). step() then needs it held.
   */
  lease?: ChainLease
}

export interface StepResult {
  /** Blocks written by this step. */
  indexed: number
  head: number
  checkpoint: number | null
  /** Set when a reorg was found: the block the index was rolled back to (-1 = before genesis). */
  rolledBackTo?: number
}

export class ReorgTooDeepError extends Error {
  override name = 'ReorgTooDeepError'
}

export class ChainIdMismatchError extends Error {
  override name = 'ChainIdMismatchError'
}

/** Thrown mid-batch when the node's chain changed under us; the next step starts over. */
class ChainMovedError extends Error {
  override name = 'ChainMovedError'
}

const silent: IndexerLogger = { info() {}, warn() {}, error() {} }

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  })
  await Promise.all(workers)
  return out
}

function standardOf(kind: ChainEvent['kind']): TokenStandard | null {
  return kind === 'erc20' || kind === 'erc721' || kind === 'erc1155' ? kind : null
}

/**
 * Follows one chain: reads blocks after the checkpoint, writes them in batches (rows and
 * checkpoint in one transaction), and on a parent-hash mismatch rolls back to the common ancestor
 * before going on.
 */
export class ChainIndexer {
  readonly chainId: number
  private readonly source: BlockSource
  private readonly store: ChainStore
  private readonly options: IndexerOptions
  private readonly log: IndexerLogger
  /** Tokens already in the database; spares a lookup per batch. */
  private readonly knownTokens = new Set<Address>()
  private readonly knownNfts = new Set<string>()
  private chainChecked = false
  private warnedNoTrace = false
  private running: Promise<void> | null = null
  private prefetched: { from: number; to: number; blocks: Promise<BlockBundle[] | null> } | null =
    null
  private stopping = false
  private wake: (() => void) | null = null
  /** The holder last named in a "standing by" line, so a standby logs once per holder. */
  private standingBehind: string | null = null
  /** Held the lease at the last look: losing it is logged once. */
  private leading = false

  constructor(options: IndexerOptions) {
    this.options = options
    this.source = options.source
    this.store = options.store
    this.chainId = options.source.chainId
    this.log = options.log ?? silent
  }

  /** Indexes up to one batch; call repeatedly (or use start()). */
  async step(): Promise<StepResult> {
    if (!this.chainChecked) {
      // Indexing a node of another chain under this id would mix two chains' rows for good.
      const actual = await this.source.nodeChainId()
      if (actual !== this.chainId)
        throw new ChainIdMismatchError(
          `The node for chain ${this.chainId} reports chain id ${actual}; check LATCH_INDEX_CHAINS.`,
        )
      this.chainChecked = true
    }
    // Bound to the term held before the checkpoint is read: a takeover after this refuses the
    // batch built on what this step read.
    const fence = this.options.lease?.fencer()
    const hooks = fence ? { ...this.options.hooks, fence } : this.options.hooks
    const head = await this.source.headNumber()
    const checkpoint = await this.store.checkpoint(this.chainId)
    const next = checkpoint ? checkpoint.number + 1 : (this.options.startBlock ?? 0)

    // Nothing new above the checkpoint: the chain may still have replaced the blocks we hold
    // (same-height reorg, or a chain that got shorter).
    if (checkpoint && head <= checkpoint.number) {
      const current = await this.source.blockHash(Math.min(head, checkpoint.number))
      const stored = await this.store.blockHash(this.chainId, Math.min(head, checkpoint.number))
      if (head < checkpoint.number || (current && stored && current !== stored))
        return this.reorg(head, checkpoint, hooks)
      return { indexed: 0, head, checkpoint: checkpoint.number }
    }
    if (next > head) return { indexed: 0, head, checkpoint: checkpoint?.number ?? null }

    const batchSize = this.options.batchSize ?? 50
    let last = Math.min(head, next + batchSize - 1)
    let bundles: BlockBundle[] | null = null
    const prefetched = this.prefetched
    this.prefetched = null
    if (prefetched && prefetched.from === next && prefetched.to <= last) {
      bundles = await prefetched.blocks
      if (bundles) last = prefetched.to
    }
    if (!bundles) {
      try {
        bundles = await this.fetchRange(next, last)
      } catch (error) {
        if (error instanceof BlockNotFoundError) return this.reorg(head, checkpoint, hooks)
        throw error
      }
    }
    if (checkpoint && bundles[0]!.parentHash !== checkpoint.hash)
      return this.reorg(head, checkpoint, hooks)
    for (let i = 1; i < bundles.length; i++)
      if (bundles[i]!.parentHash !== bundles[i - 1]!.hash)
        throw new ChainMovedError(
          `Block ${bundles[i]!.number} does not extend block ${bundles[i - 1]!.number}; retrying.`,
        )

    // Read the next batch while this one is written: the node and the database work in parallel.
    // A reorg in between is caught like any other, by the parent-hash check of the next step.
    if (last < head) {
      const from = last + 1
      const to = Math.min(head, last + batchSize)
      this.prefetched = { from, to, blocks: this.fetchRange(from, to).catch(() => null) }
    }
    if (this.source.traceMode === 'none' && !this.warnedNoTrace) {
      this.warnedNoTrace = true
      this.log.warn(
        { chainId: this.chainId },
        'node cannot trace: internal ETH transfers are not indexed',
      )
    }
    const extras = await this.extras(bundles, `0x${last.toString(16)}` as Hex)
    await this.store.commit(this.chainId, bundles, extras, hooks)
    for (const token of extras.tokens) this.knownTokens.add(token.address)
    for (const nft of extras.nfts) this.knownNfts.add(`${nft.contract}:${nft.tokenId}`)
    return { indexed: bundles.length, head, checkpoint: last }
  }

  /** Steps until the checkpoint reaches the node's head. */
  async syncToHead(): Promise<StepResult> {
    for (;;) {
      let result: StepResult
      try {
        result = await this.step()
      } catch (error) {
        if (error instanceof ChainMovedError) continue
        throw error
      }
      if (result.rolledBackTo === undefined && result.indexed === 0) return result
    }
  }

  /** Follows the chain in the background until stop(); with a lease, only while holding it. */
  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = (async () => {
      let failures = 0
      while (!this.stopping) {
        let idle = true
        let standby = false
        try {
          if (this.options.lease && !(await this.lead(this.options.lease))) standby = true
          else {
            const result = await this.step()
            idle = result.indexed === 0 && result.rolledBackTo === undefined
            if (result.indexed > 0)
              this.log.info(
                { chainId: this.chainId, block: result.checkpoint, head: result.head },
                'indexed',
              )
          }
          failures = 0
        } catch (error) {
          if (error instanceof LeaseLostError) {
            // Another indexer took over (this one was paused or cut off): what it read is stale.
            // The next lead() says so and stands by.
            this.prefetched = null
            continue
          }
          failures++
          if (!(error instanceof ChainMovedError))
            this.log.warn({ chainId: this.chainId, err: error, failures }, 'indexer step failed')
          if (error instanceof ReorgTooDeepError || error instanceof ChainIdMismatchError) {
            this.log.error({ chainId: this.chainId, err: error }, 'indexer stopped')
            break
          }
        }
        if (idle || failures > 0) {
          const delay =
            failures > 0
              ? Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5))
              : standby
                ? this.options.lease!.timings.retryEveryMs
                : (this.options.pollIntervalMs ?? 1_000)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay)
            this.wake = () => {
              clearTimeout(timer)
              resolve()
            }
          })
          this.wake = null
        }
      }
      // A clean stop hands the chain over at once instead of after the lease lapses.
      await this.options.lease
        ?.release()
        .catch((error) =>
          this.log.warn({ chainId: this.chainId, err: error }, 'lease release failed'),
        )
    })()
  }

  async stop(): Promise<void> {
    this.stopping = true
    this.wake?.()
    await this.running
    this.running = null
  }

  /** True when this indexer holds the chain's lease (taking it if free); else logs that it stands by. */
  private async lead(lease: ChainLease): Promise<boolean> {
    if (lease.term !== null) return true
    if (this.leading) {
      this.leading = false
      this.log.warn(
        { chainId: this.chainId, holder: lease.holder },
        'indexer lease lost: another indexer took over; nothing more is written here',
      )
    }
    if (await lease.acquire()) {
      this.leading = true
      this.standingBehind = null
      this.prefetched = null
      this.log.info(
        { chainId: this.chainId, holder: lease.holder, term: lease.term },
        'indexer lease taken: this process indexes the chain',
      )
      return true
    }
    const current = await lease.current()
    if (current && current.holder !== this.standingBehind) {
      this.standingBehind = current.holder
      this.log.info(
        { chainId: this.chainId, holder: current.holder, term: current.term },
        'standing by: another indexer holds the lease of this chain',
      )
    }
    return false
  }

  private fetchRange(from: number, to: number): Promise<BlockBundle[]> {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    return mapLimit(numbers, this.options.concurrency ?? 8, (n) => this.source.fetchBlock(n))
  }

  private async reorg(
    head: number,
    checkpoint: Checkpoint | null,
    hooks: CommitHooks = {},
  ): Promise<StepResult> {
    this.prefetched = null
    if (!checkpoint) return { indexed: 0, head, checkpoint: null }
    const maxDepth = this.options.maxReorgDepth ?? this.store.keepBlocks
    const lowest = (await this.store.lowestKeptBlock(this.chainId)) ?? checkpoint.number
    let ancestor: Checkpoint | null = null
    for (
      let n = Math.min(checkpoint.number, head);
      n >= lowest && checkpoint.number - n <= maxDepth;
      n--
    ) {
      const stored = await this.store.blockHash(this.chainId, n)
      const current = await this.source.blockHash(n)
      if (stored && current && stored === current) {
        ancestor = { number: n, hash: stored }
        break
      }
    }
    if (!ancestor) {
      // Block 0 is kept for good: a different genesis means the node now serves another chain
      // under the same id (a dev chain restarted from scratch), so everything is indexed again.
      const storedGenesis = await this.store.blockHash(this.chainId, 0)
      const genesis = storedGenesis ? await this.source.blockHash(0) : null
      if (storedGenesis && genesis && storedGenesis !== genesis)
        this.log.warn({ chainId: this.chainId }, 'the chain was replaced (new genesis): reindexing')
      else if (storedGenesis && lowest <= 1) ancestor = { number: 0, hash: storedGenesis }
      else if (lowest > (this.options.startBlock ?? 0))
        throw new ReorgTooDeepError(
          `Chain ${this.chainId} reorganised below block ${lowest}, deeper than the ${maxDepth} blocks kept; reindex from scratch.`,
        )
    }
    await this.store.rollback(this.chainId, ancestor, hooks)
    const to = ancestor?.number ?? -1
    this.log.warn({ chainId: this.chainId, from: checkpoint.number, to }, 'reorg: rolled back')
    return { indexed: 0, head, checkpoint: ancestor?.number ?? null, rolledBackTo: to }
  }

  private async extras(bundles: BlockBundle[], block: Hex): Promise<BatchExtras> {
    const client = this.source.client
    const standards = new Map<Address, TokenStandard>()
    const nfts = new Map<
      string,
      { contract: Address; tokenId: bigint; standard: 'erc721' | 'erc1155' }
    >()
    const spam = new Map<Address, string>()
    for (const bundle of bundles) {
      const byTx = new Map<Hash, ChainEvent[]>()
      for (const event of bundle.events) {
        const standard = standardOf(event.kind)
        if (!standard || !event.token) continue
        if (!standards.has(event.token)) standards.set(event.token, standard)
        const list = byTx.get(event.txHash) ?? []
        list.push(event)
        byTx.set(event.txHash, list)
        if ((standard === 'erc721' || standard === 'erc1155') && event.tokenId !== null) {
          const key = `${event.token}:${event.tokenId}`
          if (!this.knownNfts.has(key))
            nfts.set(key, { contract: event.token, tokenId: event.tokenId, standard })
        }
      }
      for (const tx of bundle.txs) {
        const events = byTx.get(tx.hash)
        if (!events) continue
        for (const token of unsolicitedAirdrops(
          tx,
          events,
          this.options.airdropMinRecipients ?? DEFAULT_AIRDROP_MIN_RECIPIENTS,
        ))
          spam.set(token, 'airdrop')
      }
    }
    const unknown = [...standards.keys()].filter((t) => !this.knownTokens.has(t))
    const inDb = await this.store.knownTokens(this.chainId, unknown)
    for (const t of inDb) this.knownTokens.add(t)
    const fresh = unknown.filter((t) => !inDb.has(t))
    const tokens = await mapLimit(fresh, 8, (address) =>
      readTokenMetadata(client, address, standards.get(address)!, block),
    )
    for (const token of tokens)
      if (spam.has(token.address) && !token.spamReason) token.spamReason = spam.get(token.address)!
    const nftRecords: NftRecord[] = await mapLimit([...nfts.values()], 8, async (nft) => ({
      contract: nft.contract,
      tokenId: nft.tokenId,
      ...(await readNftMetadata(client, nft.contract, nft.tokenId, nft.standard, block)),
    }))
    return {
      tokens,
      nfts: nftRecords,
      spam: [...spam].map(([token, reason]) => ({ token, reason })),
    }
  }
}
