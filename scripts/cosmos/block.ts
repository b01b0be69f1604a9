/**
 * Blocks as CometBFT 0.38 shows them. The data hash is the real RFC-6962 Merkle root of the
 * transactions; the block hash, app hash and commit are a model (docs/cosmos-node.md): hashes of
 * the fields, not of CometBFT's protobuf header, and a single dev validator's signature.
 */
import { createHash } from 'node:crypto'
import type { TxResult } from './app.js'
import type { DecodedTx } from './tx.js'

export interface StoredTx {
  tx: DecodedTx
  height: bigint
  /** Position in its block. */
  index: number
  result: TxResult
  time: Date
}

export interface Block {
  height: bigint
  time: Date
  hash: string
  lastBlockHash: string
  dataHash: string
  /** App hash after the previous block, as CometBFT headers carry it. */
  appHash: string
  lastResultsHash: string
  txs: StoredTx[]
  size: number
}

export const sha256Hex = (...parts: Array<Uint8Array | string>) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex').toUpperCase()
}

const EMPTY_HASH = sha256Hex()

/** RFC 6962 Merkle root, as CometBFT's `merkle.HashFromByteSlices`. */
export function merkleRoot(items: Uint8Array[]): string {
  const root = (list: Uint8Array[]): Buffer => {
    if (list.length === 0) return createHash('sha256').digest()
    if (list.length === 1)
      return createHash('sha256')
        .update(Buffer.from([0]))
        .update(list[0] as Uint8Array)
        .digest()
    let split = 1
    while (split * 2 < list.length) split *= 2
    return createHash('sha256')
      .update(Buffer.from([1]))
      .update(root(list.slice(0, split)))
      .update(root(list.slice(split)))
      .digest()
  }
  return root(items).toString('hex').toUpperCase()
}

export function makeBlock(input: {
  height: bigint
  time: Date
  chainId: string
  previous?: Block
  appHash: string
  txs: StoredTx[]
}): Block {
  const dataHash = input.txs.length ? merkleRoot(input.txs.map((t) => t.tx.bytes)) : EMPTY_HASH
  const lastBlockHash = input.previous?.hash ?? ''
  const lastResultsHash = input.previous?.txs.length
    ? merkleRoot(input.previous.txs.map((t) => new TextEncoder().encode(String(t.result.code))))
    : EMPTY_HASH
  const hash = sha256Hex(
    JSON.stringify([
      input.chainId,
      String(input.height),
      input.time.toISOString(),
      lastBlockHash,
      dataHash,
      input.appHash,
    ]),
  )
  return {
    height: input.height,
    time: input.time,
    hash,
    lastBlockHash,
    dataHash,
    appHash: input.appHash,
    lastResultsHash,
    txs: input.txs,
    size: 600 + input.txs.reduce((n, t) => n + t.tx.bytes.length, 0),
  }
}

export { EMPTY_HASH }
