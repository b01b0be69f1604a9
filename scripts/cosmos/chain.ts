/**
 * The dev chain: committed state, the mempool (CheckTx against its own branch of the state, as
 * CometBFT's mempool with the SDK's check state), blocks made on demand or right after a
 * transaction arrives, and the record of every included transaction for `tx` and `tx_search`.
 */
import { runTx, type TxResult } from './app.js'
import { type Block, makeBlock, type StoredTx, sha256Hex } from './block.js'
import { DEV_COSMOS_CHAIN_ID, DEV_COSMOS_PREFIX } from './config.js'
import { internalError, SdkError } from './errors.js'
import { ChainState, type Coin } from './state.js'
import { type DecodedTx, decodeTx, txHash } from './tx.js'

const MAX_TX_BYTES = 1_048_576

export interface CheckResult extends TxResult {
  hash: string
}

export interface ChainOptions {
  chainId?: string
  prefix?: string
  genesisTime?: Date
  genesisBalances?: Array<{ address: string; coins: Coin[] }>
  /**
   * When to make a block after a transaction enters the mempool: after `delayMs` (0: on the next
   * turn of the event loop), or never by itself (`manual`: `mine()` makes blocks).
   */
  blocks?: { delayMs: number } | 'manual'
}

export class CosmosChain {
  readonly chainId: string
  readonly prefix: string
  readonly state: ChainState
  private checkState: ChainState
  readonly blocks: Block[] = []
  readonly mempool: DecodedTx[] = []
  private readonly txs = new Map<string, StoredTx>()
  private clockOffsetMs = 0
  private pendingBlock?: NodeJS.Timeout | NodeJS.Immediate
  private readonly inclusionWaiters = new Map<string, Array<(tx: StoredTx) => void>>()
  blockPolicy: { delayMs: number } | 'manual'

  constructor(options: ChainOptions = {}) {
    this.chainId = options.chainId ?? DEV_COSMOS_CHAIN_ID
    this.prefix = options.prefix ?? DEV_COSMOS_PREFIX
    this.blockPolicy = options.blocks ?? { delayMs: 0 }
    this.state = new ChainState(this.prefix)
    // Genesis: fee_collector first (account 0), then the funded accounts in order.
    this.state.createAccount(this.state.feeCollector, 'fee_collector')
    for (const { address, coins } of options.genesisBalances ?? []) this.state.mint(address, coins)
    this.checkState = this.state.branch()
    const genesisTime = options.genesisTime ?? new Date()
    this.setClock(genesisTime.getTime())
    this.commitBlock([])
  }

  /** Milliseconds since 1970 as the node sees them (set back for the seed). */
  now(): number {
    return Date.now() + this.clockOffsetMs
  }

  /** Blocks made next carry this time (never before the last block's). Undefined: real clock. */
  setClock(unixMs: number | undefined): void {
    this.clockOffsetMs = unixMs === undefined ? 0 : unixMs - Date.now()
  }

  get height(): bigint {
    return BigInt(this.blocks.length)
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1] as Block
  }

  block(height: bigint): Block | undefined {
    return this.blocks[Number(height) - 1]
  }

  tx(hash: string): StoredTx | undefined {
    return this.txs.get(hash.toUpperCase())
  }

  /** Every included transaction, in chain order. */
  allTxs(): StoredTx[] {
    return this.blocks.flatMap((b) => b.txs)
  }

  /** CheckTx: decode and run the ante handler against the mempool's state; admit on code 0. */
  checkTx(bytes: Uint8Array): CheckResult {
    if (bytes.length > MAX_TX_BYTES) throw internalError('Tx too large')
    const hash = txHash(bytes)
    if (this.txs.has(hash) || this.mempool.some((t) => t.hash === hash))
      throw internalError('tx already exists in cache')
    let tx: DecodedTx
    try {
      tx = decodeTx(bytes, this.prefix)
    } catch (error) {
      if (!(error instanceof SdkError)) throw error
      return {
        hash,
        code: error.code,
        codespace: error.codespace,
        log: error.message,
        data: new Uint8Array(),
        gasWanted: 0n,
        gasUsed: 0n,
        events: [],
        msgResponses: [],
      }
    }
    const result = runTx(tx, this.checkState, 'check', {
      chainId: this.chainId,
      height: this.height + 1n,
    })
    if (result.code === 0) {
      this.mempool.push(tx)
      this.scheduleBlock()
    }
    return { ...result, hash }
  }

  /** Simulation on a throwaway branch of the committed state. */
  simulate(bytes: Uint8Array): TxResult {
    const tx = decodeTx(bytes, this.prefix)
    return runTx(tx, this.checkState.branch(), 'simulate', {
      chainId: this.chainId,
      height: this.height + 1n,
    })
  }

  /** Makes `count` blocks; the first takes the whole mempool. */
  mine(count = 1): Block[] {
    const made: Block[] = []
    for (let i = 0; i < count; i++) made.push(this.commitBlock(this.mempool.splice(0)))
    return made
  }

  /** Resolves when the transaction is in a block (broadcast_tx_commit). */
  whenIncluded(hash: string): Promise<StoredTx> {
    const known = this.tx(hash)
    if (known) return Promise.resolve(known)
    return new Promise((resolve) => {
      const list = this.inclusionWaiters.get(hash) ?? []
      list.push(resolve)
      this.inclusionWaiters.set(hash, list)
    })
  }

  stop(): void {
    if (this.pendingBlock) {
      clearTimeout(this.pendingBlock as NodeJS.Timeout)
      clearImmediate(this.pendingBlock as NodeJS.Immediate)
    }
    this.pendingBlock = undefined
  }

  private scheduleBlock(): void {
    if (this.blockPolicy === 'manual' || this.pendingBlock) return
    const make = () => {
      this.pendingBlock = undefined
      if (this.mempool.length) this.mine(1)
    }
    this.pendingBlock =
      this.blockPolicy.delayMs > 0 ? setTimeout(make, this.blockPolicy.delayMs) : setImmediate(make)
  }

  private commitBlock(txs: DecodedTx[]): Block {
    const height = this.height + 1n
    const previous = this.blocks.length ? this.tip : undefined
    const time = new Date(Math.max(this.now(), (previous?.time.getTime() ?? 0) + 1))
    const appHash = this.appHash()
    const stored = txs.map((tx, index) => ({
      tx,
      height,
      index,
      time,
      result: runTx(tx, this.state, 'deliver', { chainId: this.chainId, height }),
    }))
    const block = makeBlock({ height, time, chainId: this.chainId, previous, appHash, txs: stored })
    this.blocks.push(block)
    for (const s of stored) {
      this.txs.set(s.tx.hash, s)
      for (const resolve of this.inclusionWaiters.get(s.tx.hash) ?? []) resolve(s)
      this.inclusionWaiters.delete(s.tx.hash)
    }
    // The mempool is empty after every block, so the check state restarts from the committed one.
    this.checkState = this.state.branch()
    return block
  }

  /** A hash of the committed state (a model of the IAVL root: same state, same hash). */
  appHash(): string {
    const accounts = [...this.state.accounts.values()]
      .map((a) => `${a.address}/${a.accountNumber}/${a.sequence}`)
      .sort()
    const balances = [...this.state.balances]
      .map(([address, held]) => `${address}:${[...held].sort().join(',')}`)
      .sort()
    return sha256Hex(JSON.stringify([accounts, balances]))
  }
}
