/**
 * Esplora's JSON shapes (field names as Blockstream's and mempool's APIs send them), built
 * from bcoin's objects and the node's index. Values are in satoshis.
 */
import { Address, OutScript } from '@scure/btc-signer'
import type { BcoinOutput, BcoinTX } from './bcoin.js'
import type { ChainIndex, IndexedBlock } from './ledger.js'

/** Regtest's address prefixes, as Bitcoin Core's (bech32 `bcrt`). */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

const TYPE_NAMES: Record<string, string> = {
  pkh: 'p2pkh',
  sh: 'p2sh',
  wpkh: 'v0_p2wpkh',
  wsh: 'v0_p2wsh',
  tr: 'v1_p2tr',
  pk: 'p2pk',
  ms: 'multisig',
}

/** The output script of a regtest address, or undefined when it is not one. */
export function scriptOfAddress(address: string): Uint8Array | undefined {
  try {
    return OutScript.encode(Address(REGTEST).decode(address))
  } catch {
    return undefined
  }
}

export function describeScript(script: Uint8Array) {
  const hex = Buffer.from(script).toString('hex')
  if (script[0] === 0x6a) return { scriptpubkey: hex, scriptpubkey_type: 'op_return' }
  try {
    const decoded = OutScript.decode(script)
    const type = TYPE_NAMES[decoded.type] ?? 'unknown'
    let address: string | undefined
    try {
      address = Address(REGTEST).encode(decoded)
    } catch {
      address = undefined
    }
    return {
      scriptpubkey: hex,
      scriptpubkey_type: type,
      ...(address ? { scriptpubkey_address: address } : {}),
    }
  } catch {
    return { scriptpubkey: hex, scriptpubkey_type: 'unknown' }
  }
}

function output(out: BcoinOutput) {
  return { ...describeScript(out.script.toRaw()), value: out.value }
}

const NULL_TXID = '0'.repeat(64)

export function esploraTx(tx: BcoinTX, index: ChainIndex) {
  const coinbase = tx.isCoinbase()
  let inputSum = 0
  const vin = tx.inputs.map((input) => {
    const txid = coinbase ? NULL_TXID : input.prevout.rhash()
    const prevout = coinbase ? undefined : index.prevout(txid, input.prevout.index)
    inputSum += prevout?.value ?? 0
    return {
      txid,
      vout: input.prevout.index,
      prevout: prevout ? output(prevout) : null,
      scriptsig: input.script.toRaw().toString('hex'),
      witness: input.witness.items.map((item) => item.toString('hex')),
      is_coinbase: coinbase,
      sequence: input.sequence,
    }
  })
  const vout = tx.outputs.map(output)
  const outputSum = tx.outputs.reduce((sum, out) => sum + out.value, 0)
  return {
    txid: tx.txid(),
    version: tx.version,
    locktime: tx.locktime,
    vin,
    vout,
    size: tx.getSize(),
    weight: tx.getWeight(),
    fee: coinbase ? 0 : inputSum - outputSum,
    status: index.status(tx.txid()),
  }
}

export function esploraBlock(block: IndexedBlock) {
  const { entry } = block
  return {
    id: block.id,
    height: entry.height,
    version: entry.version,
    timestamp: entry.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: Buffer.from(entry.merkleRoot, 'hex').reverse().toString('hex'),
    previousblockhash:
      entry.height === 0 ? null : Buffer.from(entry.prevBlock, 'hex').reverse().toString('hex'),
    mediantime: block.medianTime,
    nonce: entry.nonce,
    bits: entry.bits,
    // bcoin mines every regtest block at the proof-of-work limit (bits 0x207fffff), whose
    // difficulty Bitcoin Core reports as this number.
    difficulty: 4.656542373906925e-10,
  }
}

/** Esplora's per-address funding and spending totals, for a set of transactions. */
export function addressStats(scriptHex: string, txs: BcoinTX[], index: ChainIndex) {
  const stats = {
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: txs.length,
  }
  for (const tx of txs) {
    for (const out of tx.outputs)
      if (out.script.toRaw().toString('hex') === scriptHex) {
        stats.funded_txo_count++
        stats.funded_txo_sum += out.value
      }
    if (tx.isCoinbase()) continue
    for (const input of tx.inputs) {
      const prevout = index.prevout(input.prevout.rhash(), input.prevout.index)
      if (prevout && prevout.script.toRaw().toString('hex') === scriptHex) {
        stats.spent_txo_count++
        stats.spent_txo_sum += prevout.value
      }
    }
  }
  return stats
}

export type EsploraTx = ReturnType<typeof esploraTx>
export type EsploraBlock = ReturnType<typeof esploraBlock>
export type EsploraVout = EsploraTx['vout'][number]
export interface EsploraUtxo {
  txid: string
  vout: number
  value: number
  status: EsploraTx['status']
}
export interface EsploraAddress {
  address: string
  chain_stats: ReturnType<typeof addressStats>
  mempool_stats: ReturnType<typeof addressStats>
}
