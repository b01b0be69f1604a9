import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/types.js'
import { type ChainLease, LeaseLostError } from '../eip155/lease.js'
import type { ChainFollower } from '../types.js'
import { type DecodedBlock, readBlock } from './decode.js'
import type { PolkadotNode, PolkadotNodes } from './node.js'
import { commitBlocks, readCheckpoint } from './store.js'

/**
 * Follows one Substrate chain's FINALIZED blocks into the index (store.ts): finalized blocks are
 * never replaced, so there is no reorg to undo. With a lease (the EVM indexer's, lease.ts), only
 * its holder writes, and every batch is fenced by it (docs/deployment.md#one-indexer).
 */

/** The lease row of a Polkadot chain: negative ids, so never an EVM chain id (all positive). */
export function polkadotLeaseId(caip2: string): number {
  return -(Number.parseInt(caip2.slice('polkadot:'.length, 'polkadot:'.length + 7), 16) + 1)
}

export interface PolkadotIndexerOptions {
  db: Db
  nodes: PolkadotNodes
  chain: string
  url: string
  fromBlock: number
  lease?: ChainLease
  log?: FastifyBaseLogger
  /** Blocks per database transaction (default 50). */
  batchSize?: number
  /** The longest wait between looks at the head when no new-head notice comes (default 3 s). */
  pollMs?: number
}

export interface StepResult {
  indexed: number
  checkpoint: number | null
  head: number
}

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger
const READ_AHEAD = 4

export class PolkadotIndexer implements ChainFollower {
  readonly description: string
  private readonly log: FastifyBaseLogger
  private running: Promise<void> | null = null
  private stopping = false
  private wake: (() => void) | null = null
  private subscribed: PolkadotNode | null = null
  private unsubscribe: (() => void) | null = null
  private leading = false

  constructor(private readonly options: PolkadotIndexerOptions) {
    this.description = `chain ${options.chain} at ${options.url}`
    this.log = options.log ?? silent
  }

  /** Indexes up to one batch of finalized blocks; call repeatedly (or use start()). */
  async step(): Promise<StepResult> {
    const node = await this.options.nodes.node(this.options.chain)
    this.follow(node)
    const fence = this.options.lease?.fencer()
    const { api } = node
    const head = (
      await api.rpc.chain.getHeader(await api.rpc.chain.getFinalizedHead())
    ).number.toNumber()
    const checkpoint = await readCheckpoint(this.options.db, this.options.chain)
    const next = checkpoint ? checkpoint.number + 1 : this.options.fromBlock
    if (next > head) return { indexed: 0, checkpoint: checkpoint?.number ?? null, head }
    const last = Math.min(head, next + (this.options.batchSize ?? 50) - 1)
    const blocks: DecodedBlock[] = []
    for (let from = next; from <= last; from += READ_AHEAD) {
      const numbers = Array.from(
        { length: Math.min(READ_AHEAD, last - from + 1) },
        (_, i) => from + i,
      )
      blocks.push(...(await Promise.all(numbers.map((n) => readBlock(api, n)))))
    }
    await commitBlocks(this.options.db, this.options.chain, blocks, fence)
    return { indexed: blocks.length, checkpoint: last, head }
  }

  /** Steps until the index reaches the finalized head. */
  async syncToHead(): Promise<StepResult> {
    for (;;) {
      const result = await this.step()
      if (result.indexed === 0 || result.checkpoint === result.head) return result
    }
  }

  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = this.run()
  }

  async stop(): Promise<void> {
    this.stopping = true
    this.wake?.()
    await this.running
    this.running = null
    this.unsubscribe?.()
    this.unsubscribe = null
    this.subscribed = null
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 3_000
    let failures = 0
    while (!this.stopping) {
      let waitMs = pollMs
      try {
        const lease = this.options.lease
        if (lease && !(await this.lead(lease))) waitMs = lease.timings.retryEveryMs
        else {
          const result = await this.step()
          failures = 0
          if (result.indexed > 0) continue
        }
      } catch (error) {
        failures++
        waitMs = Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5))
        if (error instanceof LeaseLostError)
          this.log.warn({ chain: this.options.chain }, error.message)
        else
          this.log.warn({ err: error, chain: this.options.chain }, 'Polkadot indexer step failed')
      }
      await this.sleep(waitMs)
    }
    if (this.options.lease)
      await this.options.lease
        .release()
        .catch((error: unknown) =>
          this.log.warn({ err: error, chain: this.options.chain }, 'lease release failed'),
        )
  }

  private async lead(lease: ChainLease): Promise<boolean> {
    if (lease.term !== null) return true
    if (await lease.acquire()) {
      this.leading = true
      this.log.info({ chain: this.options.chain, term: lease.term }, 'indexer lease taken')
      return true
    }
    if (this.leading) {
      this.leading = false
      this.log.warn({ chain: this.options.chain }, 'indexer lease lost: standing by')
    }
    return false
  }

  /** A new finalized head wakes the loop at once instead of at its next poll. */
  private follow(node: PolkadotNode): void {
    if (this.subscribed === node || this.stopping) return
    this.subscribed = node
    node.api.rpc.chain
      .subscribeFinalizedHeads(() => this.wake?.())
      .then((unsubscribe) => {
        if (this.stopping) unsubscribe()
        else this.unsubscribe = unsubscribe
      })
      .catch(() => {
        this.subscribed = null
      })
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      const wake = () => done()
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = wake
    })
  }
}
