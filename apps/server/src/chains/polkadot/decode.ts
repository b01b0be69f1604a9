import { decodeSs58 } from '@latch/core/polkadot/ss58'
import type { ApiPromise } from '@polkadot/api'
import type { EventRecord, SignedBlock } from '@polkadot/types/interfaces'
import type { Codec } from '@polkadot/types/types'
import { bytesToHex } from 'viem'

/**
 * One finalized block read into the index's rows: its extrinsics that a history shows (signed
 * ones, and any emitting a `balances.Transfer`), their transfers, fees and outcome, and which
 * accounts each concerns. Events outside an extrinsic (block initialisation/finalisation) are
 * not history of an account's own doing and are left out.
 */

export interface ExtrinsicRow {
  blockNumber: number
  extrinsicIndex: number
  hash: string
  minedAt: number
  signer: string | null
  nonce: number | null
  call: string
  dest: string | null
  success: boolean
  fee: string | null
}

export interface TransferRow {
  blockNumber: number
  eventIndex: number
  extrinsicIndex: number
  fromAccount: string
  toAccount: string
  amount: string
}

export interface DecodedBlock {
  number: number
  hash: string
  extrinsics: ExtrinsicRow[]
  transfers: TransferRow[]
  /** [account, extrinsicIndex] pairs. */
  touches: [string, number][]
}

/** 0x + 64 hex of an AccountId or MultiAddress::Id (both print as SS58); null otherwise. */
export function accountHex(value: Codec | string): string | null {
  const text = value.toString()
  if (/^0x[0-9a-fA-F]{64}$/.test(text)) return text.toLowerCase()
  const decoded = decodeSs58(text)
  return decoded ? bytesToHex(decoded.accountId) : null
}

const big = (value: Codec) => BigInt(value.toString())

export async function readBlock(api: ApiPromise, number: number): Promise<DecodedBlock> {
  const hash = await api.rpc.chain.getBlockHash(number)
  const [signed, rawEvents] = await Promise.all([
    api.rpc.chain.getBlock(hash) as Promise<SignedBlock>,
    api.rpc.state.getStorage(api.query.system.events.key(), hash),
  ])
  // Decoded with the connection's metadata: a runtime upgrade that changes the event layout is
  // not handled (docs/polkadot-server.md#known-gaps).
  const events = api.registry.createType(
    'Vec<EventRecord>',
    (rawEvents as unknown as { toU8a(bare: boolean): Uint8Array }).toU8a(true),
  ) as unknown as EventRecord[]
  return decodeBlock(number, hash.toHex(), signed, events)
}

export function decodeBlock(
  number: number,
  hash: string,
  signed: SignedBlock,
  events: EventRecord[],
): DecodedBlock {
  const extrinsics = signed.block.extrinsics
  let minedAt = 0
  for (const ext of extrinsics)
    if (ext.method.section === 'timestamp' && ext.method.method === 'set')
      minedAt = Number(ext.method.args[0]?.toString() ?? 0)

  const byExtrinsic = new Map<number, { record: EventRecord; index: number }[]>()
  events.forEach((record, index) => {
    if (!record.phase.isApplyExtrinsic) return
    const at = record.phase.asApplyExtrinsic.toNumber()
    const list = byExtrinsic.get(at) ?? []
    list.push({ record, index })
    byExtrinsic.set(at, list)
  })

  const out: DecodedBlock = { number, hash, extrinsics: [], transfers: [], touches: [] }
  extrinsics.forEach((ext, extrinsicIndex) => {
    const own = byExtrinsic.get(extrinsicIndex) ?? []
    const signer = ext.isSigned ? accountHex(ext.signer) : null
    const touched = new Set<string>()
    if (signer) touched.add(signer)
    let success = true
    let feePaid: bigint | null = null
    let withdrawn = 0n
    let refunded = 0n
    for (const { record, index } of own) {
      const { section, method, data } = record.event
      const key = `${section}.${method}`
      if (key === 'system.ExtrinsicFailed') success = false
      else if (key === 'balances.Transfer') {
        const from = accountHex(data[0] as Codec)
        const to = accountHex(data[1] as Codec)
        if (!from || !to) continue
        out.transfers.push({
          blockNumber: number,
          eventIndex: index,
          extrinsicIndex,
          fromAccount: from,
          toAccount: to,
          amount: big(data[2] as Codec).toString(),
        })
        touched.add(from)
        touched.add(to)
      } else if (key === 'transactionPayment.TransactionFeePaid') {
        if (accountHex(data[0] as Codec) === signer) feePaid = big(data[1] as Codec)
      } else if (signer && key === 'balances.Withdraw') {
        // Older runtimes (the dev chain's): the fee is withdrawn from the signer before
        // dispatch, and any overestimate deposited back after it.
        if (accountHex(data[0] as Codec) === signer) withdrawn += big(data[1] as Codec)
      } else if (signer && key === 'balances.Deposit') {
        if (accountHex(data[0] as Codec) === signer) refunded += big(data[1] as Codec)
      }
    }
    if (touched.size === 0) return
    const call = `${ext.method.section}.${ext.method.method}`
    const destArg =
      ext.method.section === 'balances' && /^transfer/.test(ext.method.method)
        ? ext.method.args[0]
        : undefined
    const fee = signer ? (feePaid ?? (withdrawn > refunded ? withdrawn - refunded : 0n)) : null
    out.extrinsics.push({
      blockNumber: number,
      extrinsicIndex,
      hash: ext.hash.toHex(),
      minedAt,
      signer,
      nonce: signer ? ext.nonce.toNumber() : null,
      call,
      dest: destArg ? accountHex(destArg) : null,
      success,
      fee: fee === null ? null : fee.toString(),
    })
    for (const account of touched) out.touches.push([account, extrinsicIndex])
  })
  return out
}
