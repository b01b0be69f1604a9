/**
 * CometBFT 0.38's JSON shapes for the RPC: headers, blocks, commits, tx results, status. One dev
 * validator (an ed25519 key made at start) proposes and "commits" every block; its commit
 * signatures sign the block hash, not CometBFT's vote bytes (no consensus is modelled).
 */
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { toBase64 } from '@cosmjs/encoding'
import type { TxResult } from './app.js'
import { type Block, EMPTY_HASH, type StoredTx, sha256Hex } from './block.js'
import type { CosmosChain } from './chain.js'
import { COMET_VERSION } from './config.js'

export class DevValidator {
  readonly publicKey: Uint8Array
  readonly address: string
  readonly nodeId: string
  private readonly privateKey: KeyObject

  constructor() {
    const pair = generateKeyPairSync('ed25519')
    this.privateKey = pair.privateKey
    // The raw 32-byte key is the tail of its SPKI DER encoding.
    this.publicKey = new Uint8Array(
      pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32),
    )
    const digest = createHash('sha256').update(this.publicKey).digest()
    this.address = digest.subarray(0, 20).toString('hex').toUpperCase()
    this.nodeId = digest.subarray(0, 20).toString('hex')
  }

  sign(blockHash: string): string {
    return toBase64(sign(null, Buffer.from(blockHash, 'hex'), this.privateKey))
  }
}

/** Go's RFC3339Nano, as CometBFT prints times: the fraction without trailing zeros. */
export const rfc3339 = (time: Date) =>
  time
    .toISOString()
    .replace(/(\.\d*?)0+Z$/, '$1Z')
    .replace(/\.Z$/, 'Z')

export function blockIdJson(block?: Block) {
  if (!block) return { hash: '', parts: { total: 0, hash: '' } }
  return { hash: block.hash, parts: { total: 1, hash: sha256Hex('parts', block.hash) } }
}

export function headerJson(chain: CosmosChain, block: Block, validator: DevValidator) {
  const previous = chain.block(block.height - 1n)
  return {
    version: { block: '11', app: '0' },
    chain_id: chain.chainId,
    height: String(block.height),
    time: rfc3339(block.time),
    last_block_id: blockIdJson(previous),
    last_commit_hash: previous ? sha256Hex('commit', previous.hash) : EMPTY_HASH,
    data_hash: block.dataHash,
    validators_hash: sha256Hex('validators', validator.address),
    next_validators_hash: sha256Hex('validators', validator.address),
    consensus_hash: sha256Hex('consensus-params'),
    app_hash: block.appHash,
    last_results_hash: block.lastResultsHash,
    evidence_hash: EMPTY_HASH,
    proposer_address: validator.address,
  }
}

export function commitJson(block: Block | undefined, validator: DevValidator) {
  if (!block) return { height: '0', round: 0, block_id: blockIdJson(undefined), signatures: [] }
  return {
    height: String(block.height),
    round: 0,
    block_id: blockIdJson(block),
    signatures: [
      {
        block_id_flag: 2,
        validator_address: validator.address,
        timestamp: rfc3339(block.time),
        signature: validator.sign(block.hash),
      },
    ],
  }
}

export function blockJson(chain: CosmosChain, block: Block, validator: DevValidator) {
  return {
    block_id: blockIdJson(block),
    block: {
      header: headerJson(chain, block, validator),
      data: { txs: block.txs.map((t) => toBase64(t.tx.bytes)) },
      evidence: { evidence: [] },
      last_commit: commitJson(chain.block(block.height - 1n), validator),
    },
  }
}

export function blockMetaJson(chain: CosmosChain, block: Block, validator: DevValidator) {
  return {
    block_id: blockIdJson(block),
    block_size: String(block.size),
    header: headerJson(chain, block, validator),
    num_txs: String(block.txs.length),
  }
}

export function txResultJson(result: TxResult) {
  return {
    code: result.code,
    data: result.data.length ? toBase64(result.data) : null,
    log: result.log,
    info: '',
    gas_wanted: String(result.gasWanted),
    gas_used: String(result.gasUsed),
    events: result.events,
    codespace: result.codespace,
  }
}

export function txJson(stored: StoredTx) {
  return {
    hash: stored.tx.hash,
    height: String(stored.height),
    index: stored.index,
    tx_result: txResultJson(stored.result),
    tx: toBase64(stored.tx.bytes),
  }
}

export function statusJson(chain: CosmosChain, validator: DevValidator, rpcAddress: string) {
  const tip = chain.tip
  const first = chain.block(1n) as Block
  return {
    node_info: {
      protocol_version: { p2p: '8', block: '11', app: '0' },
      id: validator.nodeId,
      listen_addr: 'tcp://127.0.0.1:26656',
      network: chain.chainId,
      version: COMET_VERSION,
      channels: '40202122233038606100',
      moniker: 'latch-dev',
      other: { tx_index: 'on', rpc_address: rpcAddress },
    },
    sync_info: {
      latest_block_hash: tip.hash,
      latest_app_hash: chain.appHash(),
      latest_block_height: String(tip.height),
      latest_block_time: rfc3339(tip.time),
      earliest_block_hash: first.hash,
      earliest_app_hash: first.appHash,
      earliest_block_height: '1',
      earliest_block_time: rfc3339(first.time),
      catching_up: false,
    },
    validator_info: {
      address: validator.address,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(validator.publicKey) },
      voting_power: '10',
    },
  }
}
