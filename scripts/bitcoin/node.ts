/**
 * A bcoin regtest node in this process: chain, mempool and miner, fully validating (scripts,
 * signatures, double spends), in memory. No peer-to-peer pool and no bcoin HTTP server: the
 * Esplora-style REST (rest.ts) is the only way in (docs/bitcoin-node.md).
 */
import {
  type Bcoin,
  type BcoinBlock,
  type BcoinEntry,
  type BcoinNetwork,
  type BcoinTX,
  loadBcoin,
} from './bcoin.js'
import { TransactionRejectedError } from './errors.js'
import { ChainIndex } from './ledger.js'

export class BitcoinNode {
  readonly index = new ChainIndex()
  private constructor(
    private readonly bcoin: Bcoin,
    readonly network: BcoinNetwork,
    // biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
    readonly chain: any,
    // biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
    readonly mempool: any,
    // biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped
    private readonly miner: any,
  ) {}

  static async open(): Promise<BitcoinNode> {
    const bcoin = loadBcoin()
    const network = bcoin.Network.get('regtest') as BcoinNetwork
    const chain = new bcoin.Chain({ network: 'regtest', memory: true })
    const mempool = new bcoin.Mempool({ network: 'regtest', chain, memory: true })
    const miner = new bcoin.Miner({ network: 'regtest', chain, mempool })
    const node = new BitcoinNode(bcoin, network, chain, mempool, miner)
    // What bcoin's FullNode wires between its parts, without its pool and HTTP server.
    chain.on('connect', async (entry: BcoinEntry, block: BcoinBlock) => {
      node.index.connect(entry, block, await chain.getMedianTime(entry))
      await mempool._addBlock(entry, block.txs)
    })
    chain.on('disconnect', async (entry: BcoinEntry, block: BcoinBlock) => {
      node.index.disconnect(entry)
      await mempool._removeBlock(entry, block.txs)
    })
    mempool.on('tx', (tx: BcoinTX) => node.index.remember(tx))
    await chain.open()
    await mempool.open()
    await miner.open()
    return node
  }

  /** Seconds since 1970 as the node sees them (its clock may be set back for the seed). */
  now(): number {
    return this.network.now()
  }

  /**
   * Sets the node's clock: blocks mined next carry this time (never before the chain's median
   * time past + 1, which bcoin enforces). Pass undefined to return to the real clock.
   */
  setClock(unixSeconds: number | undefined) {
    this.network.time.offset =
      unixSeconds === undefined ? 0 : unixSeconds - Math.floor(Date.now() / 1000)
  }

  /** Whether the tip enforces segwit (bcoin's regtest activates it by version bits). */
  segwitActive(): boolean {
    return this.chain.state.hasWitness()
  }

  /** Mines blocks paying their reward to `address`, with the mempool's transactions. */
  async mine(count: number, address: string): Promise<string[]> {
    const payTo = this.bcoin.Address.fromString(address, 'regtest')
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const block = await this.miner.mineBlock(this.chain.tip, payTo)
      await this.chain.add(block)
      ids.push(block.rhash())
    }
    return ids
  }

  /**
   * Submits a raw transaction to the mempool and answers its txid, or throws the node's reason.
   * bcoin's `addTX` returns quietly for a transaction it parks as an orphan (an input it cannot
   * find, such as an output already spent in a block) and for one it rejected before, so
   * acceptance is checked in the mempool itself (docs/bitcoin-node.md#known-gaps).
   */
  async broadcast(hex: string): Promise<string> {
    let tx: BcoinTX
    try {
      tx = this.bcoin.TX.fromRaw(Buffer.from(hex, 'hex'))
    } catch (error) {
      throw new TransactionRejectedError('', `TX decode failed: ${(error as Error).message}`)
    }
    const txid = tx.txid()
    if (this.index.isConfirmed(txid))
      throw new TransactionRejectedError(txid, 'Transaction already in block chain')
    if (this.mempool.hasEntry(tx.hash('hex'))) return txid
    try {
      await this.mempool.addTX(tx)
    } catch (error) {
      const reason = (error as { reason?: string }).reason
      if (reason) throw new TransactionRejectedError(txid, reason)
      throw error
    }
    if (!this.mempool.hasEntry(tx.hash('hex'))) {
      if (this.mempool.hasOrphan(tx.hash('hex'))) this.mempool.removeOrphan(tx.hash('hex'))
      throw new TransactionRejectedError(txid, 'bad-txns-inputs-missingorspent')
    }
    this.index.remember(tx)
    return txid
  }

  /** Transactions waiting in the mempool, oldest first. */
  mempoolTxs(): BcoinTX[] {
    const entries = [...this.mempool.map.values()] as Array<{ tx: BcoinTX; time: number }>
    return entries.sort((a, b) => a.time - b.time).map((e) => e.tx)
  }

  /** The fee rate (sat/vB) the mempool's estimator suggests for a target, at least 1. */
  feeRate(blocks: number): number {
    const perKb = this.mempool.fees ? this.mempool.fees.estimateFee(blocks, true) : 0
    return Math.max(1, perKb / 1000)
  }

  async close() {
    await this.miner.close()
    await this.mempool.close()
    await this.chain.close()
  }
}
