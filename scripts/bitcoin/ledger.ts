/**
 * The node's transaction and address index, kept beside bcoin's chain: bcoin 1.0.2's own
 * address index knows no taproot outputs and answers no spends, and an Esplora-style API
 * needs both (every transaction touching a script, newest first, with its prevouts).
 * Built from the chain's connect/disconnect events, so it always matches the chain.
 */
import type { BcoinBlock, BcoinEntry, BcoinTX } from './bcoin.js'

export interface TxStatus {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}

export interface IndexedBlock {
  entry: BcoinEntry
  id: string
  txids: string[]
  size: number
  weight: number
  medianTime: number
}

interface Confirmation {
  height: number
  /** Position in its block: orders transactions of one block. */
  position: number
}

export interface TxLocation extends Confirmation {
  txid: string
}

export class ChainIndex {
  readonly blocks: IndexedBlock[] = []
  private readonly heightById = new Map<string, number>()
  /** Every transaction seen, confirmed or once in the mempool: prevouts are looked up here. */
  private readonly known = new Map<string, BcoinTX>()
  private readonly confirmations = new Map<string, Confirmation>()
  /** Confirmed transactions touching each output script (hex), in chain order. */
  private readonly byScript = new Map<string, TxLocation[]>()

  connect(entry: BcoinEntry, block: BcoinBlock, medianTime: number) {
    const id = entry.rhash()
    const txids: string[] = []
    block.txs.forEach((tx, position) => {
      const txid = tx.txid()
      txids.push(txid)
      this.known.set(txid, tx)
      this.confirmations.set(txid, { height: entry.height, position })
      for (const script of this.scriptsOf(tx))
        this.touch(script, { txid, height: entry.height, position })
    })
    this.blocks[entry.height] = {
      entry,
      id,
      txids,
      size: block.getSize(),
      weight: block.getWeight(),
      medianTime,
    }
    this.heightById.set(id, entry.height)
  }

  /** A reorganisation takes the tip block off; its transactions go back to unconfirmed. */
  disconnect(entry: BcoinEntry) {
    const block = this.blocks[entry.height]
    if (!block) return
    for (const txid of block.txids) this.confirmations.delete(txid)
    for (const locations of this.byScript.values()) {
      while (locations.length && (locations.at(-1)?.height ?? -1) >= entry.height) locations.pop()
    }
    this.heightById.delete(block.id)
    this.blocks.length = entry.height
  }

  /** A transaction the mempool accepted: known, so later spends find their prevouts. */
  remember(tx: BcoinTX) {
    this.known.set(tx.txid(), tx)
  }

  get tipHeight() {
    return this.blocks.length - 1
  }

  block(id: string): IndexedBlock | undefined {
    const height = this.heightById.get(id)
    return height === undefined ? undefined : this.blocks[height]
  }

  tx(txid: string): BcoinTX | undefined {
    return this.known.get(txid)
  }

  status(txid: string): TxStatus {
    const confirmation = this.confirmations.get(txid)
    const block = confirmation && this.blocks[confirmation.height]
    if (!block) return { confirmed: false }
    return {
      confirmed: true,
      block_height: block.entry.height,
      block_hash: block.id,
      block_time: block.entry.time,
    }
  }

  isConfirmed(txid: string) {
    return this.confirmations.has(txid)
  }

  /** The output a transaction input spends, when its transaction is known. */
  prevout(txid: string, index: number) {
    return this.known.get(txid)?.outputs[index]
  }

  /** Confirmed transactions touching a script, newest first. */
  confirmedFor(scriptHex: string): TxLocation[] {
    return [...(this.byScript.get(scriptHex) ?? [])].reverse()
  }

  /** The output scripts a transaction pays to or spends from (hex, deduplicated). */
  scriptsOf(tx: BcoinTX): Set<string> {
    const scripts = new Set<string>()
    for (const output of tx.outputs) scripts.add(output.script.toRaw().toString('hex'))
    if (!tx.isCoinbase())
      for (const input of tx.inputs) {
        const prevout = this.prevout(input.prevout.rhash(), input.prevout.index)
        if (prevout) scripts.add(prevout.script.toRaw().toString('hex'))
      }
    return scripts
  }

  private touch(script: string, location: TxLocation) {
    const locations = this.byScript.get(script) ?? []
    if (locations.at(-1)?.txid !== location.txid) locations.push(location)
    this.byScript.set(script, locations)
  }
}
