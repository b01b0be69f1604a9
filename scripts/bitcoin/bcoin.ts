/**
 * Loads bcoin 1.0.2 (CommonJS, untyped) for the dev Bitcoin node, with the three fixes this
 * environment needs (docs/bitcoin-node.md#known-gaps): the JavaScript crypto backend, a stand-in
 * for leveldown (never built here: its database layer requires it even for an in-memory chain),
 * and regtest's bech32 prefix set to Bitcoin Core's `bcrt` (bcoin 1.0.2 says `rb`).
 */
import { createRequire } from 'node:module'
import path from 'node:path'

/** The few bcoin shapes the node and the REST read; bcoin ships no types. */
export interface BcoinScript {
  toRaw(): Buffer
}
export interface BcoinOutput {
  value: number
  script: BcoinScript
}
export interface BcoinInput {
  prevout: { hash: string; index: number; rhash(): string; isNull(): boolean }
  script: BcoinScript
  witness: { items: Buffer[] }
  sequence: number
}
export interface BcoinTX {
  version: number
  locktime: number
  inputs: BcoinInput[]
  outputs: BcoinOutput[]
  hash(enc?: 'hex'): string
  txid(): string
  toRaw(): Buffer
  getSize(): number
  getWeight(): number
  isCoinbase(): boolean
}
export interface BcoinBlock {
  txs: BcoinTX[]
  getSize(): number
  getWeight(): number
}
export interface BcoinEntry {
  hash: string
  height: number
  version: number
  prevBlock: string
  merkleRoot: string
  time: number
  bits: number
  nonce: number
  rhash(): string
}
export interface BcoinNetwork {
  addressPrefix: { bech32: string }
  time: { offset: number }
  deployments: Record<string, { window: number; threshold: number } | undefined>
  now(): number
}

// biome-ignore lint/suspicious/noExplicitAny: bcoin is untyped; the interfaces above cover what is read.
export type Bcoin = any

let loaded: Bcoin | undefined

export function loadBcoin(): Bcoin {
  if (loaded) return loaded
  // bcrypto reads it when first required: its native build is never made here.
  process.env.NODE_BACKEND = 'js'
  const require = createRequire(import.meta.url)
  const bcoinDir = path.dirname(require.resolve('bcoin/package.json'))
  const levelPath = require.resolve('bdb/lib/level.js', { paths: [bcoinDir] })
  // bdb's level.js is `module.exports = require('leveldown')`, whose unbuilt binding throws on
  // load. Filling its cache slot first means leveldown is never loaded; only a disk database
  // would call it, and the dev node opens none.
  const Module = require('node:module') as {
    new (id: string): { filename: string; loaded: boolean; exports: unknown }
  }
  const standIn = new Module(levelPath)
  standIn.filename = levelPath
  standIn.loaded = true
  standIn.exports = (location: string) => {
    throw new Error(`the dev Bitcoin node keeps its chain in memory; no leveldown for ${location}`)
  }
  require.cache[levelPath] = standIn as unknown as NodeJS.Module
  loaded = require('bcoin') as Bcoin
  const regtest = loaded.Network.get('regtest') as BcoinNetwork
  regtest.addressPrefix.bech32 = 'bcrt'
  // Bitcoin Core's regtest enforces segwit from genesis; bcoin's activates it by version bits
  // over three 144-block periods. Shorter periods activate it by block 96, inside the 101
  // blocks the seed mines anyway for its first coinbase to mature (saves ~330 blocks at start).
  const segwit = regtest.deployments.segwit
  if (segwit) Object.assign(segwit, { window: 32, threshold: 24 })
  return loaded
}
