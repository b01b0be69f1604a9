/**
 * One Solana transaction (a `getTransaction` answer in `json` encoding) reduced to what the
 * history shows: SOL moved by System transfers (top-level and inner), SPL moved between owners
 * (from the token balances before and after, so Transfer, TransferChecked, MintTo and Burn are
 * read alike), and who it was addressed to. Failed transactions moved nothing but their fee.
 */

import { getBase58Encoder } from '@solana/kit'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** System instruction indices that move lamports between two accounts: Transfer, TransferWithSeed. */
const SYSTEM_TRANSFER = 2
const SYSTEM_TRANSFER_WITH_SEED = 11

export interface RpcInstruction {
  programIdIndex: number
  accounts: readonly number[]
  data: string
}

export interface RpcTokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}

/** The fields of a `getTransaction` answer (encoding `json`) this reads. */
export interface RpcTransaction {
  slot: bigint | number
  blockTime: bigint | number | null
  transaction: {
    signatures: readonly string[]
    message: {
      accountKeys: readonly string[]
      header: { numRequiredSignatures: number }
      instructions: readonly RpcInstruction[]
    }
  }
  meta: {
    err: unknown
    fee: bigint | number
    innerInstructions?: ReadonlyArray<{ instructions: readonly RpcInstruction[] }> | null
    preTokenBalances?: readonly RpcTokenBalance[] | null
    postTokenBalances?: readonly RpcTokenBalance[] | null
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] } | null
  } | null
}

export interface SolanaTransfer {
  /** null: SOL. */
  mint: string | null
  /** Owners (wallets). For a mint the sender is the mint itself; for a burn, the receiver. */
  from: string
  to: string
  amount: bigint
  decimals: number
}

export interface ExtractedTransaction {
  signature: string
  slot: number
  blockTime: number
  feePayer: string
  signers: string[]
  sentTo: string
  status: 'confirmed' | 'failed'
  fee: bigint
  transfers: SolanaTransfer[]
}

export class UnreadableTransactionError extends Error {
  override name = 'UnreadableTransactionError'
}

function base58Bytes(text: string): Uint8Array {
  try {
    return new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    throw new UnreadableTransactionError('instruction data is not base58')
  }
}

function systemTransfer(ix: RpcInstruction, keys: readonly string[]): SolanaTransfer | null {
  if (keys[ix.programIdIndex] !== SYSTEM_PROGRAM) return null
  const data = base58Bytes(ix.data)
  if (data.length < 12) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const kind = view.getUint32(0, true)
  if (kind !== SYSTEM_TRANSFER && kind !== SYSTEM_TRANSFER_WITH_SEED) return null
  const from = keys[ix.accounts[0] ?? -1]
  const to = keys[ix.accounts[kind === SYSTEM_TRANSFER ? 1 : 2] ?? -1]
  const amount = view.getBigUint64(4, true)
  if (!from || !to || amount === 0n) return null
  return { mint: null, from, to, amount, decimals: 9 }
}

/** Owner deltas per mint, paired largest first: what left one owner arrived at another. */
function tokenTransfers(
  pre: readonly RpcTokenBalance[],
  post: readonly RpcTokenBalance[],
): SolanaTransfer[] {
  const byMint = new Map<string, { decimals: number; deltas: Map<string, bigint> }>()
  const add = (balance: RpcTokenBalance, sign: bigint) => {
    if (!balance.owner) return
    const entry = byMint.get(balance.mint) ?? {
      decimals: balance.uiTokenAmount.decimals,
      deltas: new Map(),
    }
    entry.deltas.set(
      balance.owner,
      (entry.deltas.get(balance.owner) ?? 0n) + sign * BigInt(balance.uiTokenAmount.amount),
    )
    byMint.set(balance.mint, entry)
  }
  for (const balance of pre) add(balance, -1n)
  for (const balance of post) add(balance, 1n)
  const transfers: SolanaTransfer[] = []
  for (const [mint, { decimals, deltas }] of byMint) {
    const senders = [...deltas].filter(([, d]) => d < 0n).map(([owner, d]) => ({ owner, left: -d }))
    const receivers = [...deltas]
      .filter(([, d]) => d > 0n)
      .map(([owner, d]) => ({ owner, left: d }))
    const largestFirst = (a: { left: bigint }, b: { left: bigint }) =>
      a.left > b.left ? -1 : a.left < b.left ? 1 : 0
    senders.sort(largestFirst)
    receivers.sort(largestFirst)
    for (const receiver of receivers) {
      for (const sender of senders) {
        if (receiver.left === 0n) break
        if (sender.left === 0n) continue
        const amount = sender.left < receiver.left ? sender.left : receiver.left
        transfers.push({ mint, from: sender.owner, to: receiver.owner, amount, decimals })
        sender.left -= amount
        receiver.left -= amount
      }
      // Arrived from nowhere: minted.
      if (receiver.left > 0n)
        transfers.push({ mint, from: mint, to: receiver.owner, amount: receiver.left, decimals })
    }
    // Left to nowhere: burned.
    for (const sender of senders)
      if (sender.left > 0n)
        transfers.push({ mint, from: sender.owner, to: mint, amount: sender.left, decimals })
  }
  return transfers
}

export function extractTransaction(rpc: RpcTransaction): ExtractedTransaction {
  const { meta, transaction } = rpc
  const signature = transaction.signatures[0]
  if (!meta || !signature)
    throw new UnreadableTransactionError('the transaction has no status metadata')
  // Lookup-table addresses follow the static keys, writable first, as indices count them.
  const keys = [
    ...transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  const feePayer = keys[0]
  if (!feePayer) throw new UnreadableTransactionError('the transaction has no fee payer')
  const failed = meta.err !== null && meta.err !== undefined
  const transfers: SolanaTransfer[] = []
  if (!failed) {
    const instructions = [
      ...transaction.message.instructions,
      ...(meta.innerInstructions ?? []).flatMap((inner) => inner.instructions),
    ]
    for (const ix of instructions) {
      const transfer = systemTransfer(ix, keys)
      if (transfer) transfers.push(transfer)
    }
    transfers.push(...tokenTransfers(meta.preTokenBalances ?? [], meta.postTokenBalances ?? []))
  }
  const firstProgram = transaction.message.instructions
    .map((ix) => keys[ix.programIdIndex])
    .find((program) => program && program !== COMPUTE_BUDGET_PROGRAM)
  const attempted = transaction.message.instructions
    .map((ix) => systemTransfer(ix, keys))
    .find((t) => t !== null)
  const sentTo =
    transfers.find((t) => t.from === feePayer)?.to ??
    attempted?.to ??
    transfers[0]?.to ??
    firstProgram ??
    feePayer
  return {
    signature,
    slot: Number(rpc.slot),
    blockTime: Number(rpc.blockTime ?? 0),
    feePayer,
    signers: keys.slice(0, transaction.message.header.numRequiredSignatures),
    sentTo,
    status: failed ? 'failed' : 'confirmed',
    fee: BigInt(meta.fee),
    transfers,
  }
}

/**
 * Mints one transaction handed to at least `minRecipients` owners, none of whom signed it: an
 * airdrop nobody asked for, the commonest token spam on Solana.
 */
export function unsolicitedAirdropMints(tx: ExtractedTransaction, minRecipients: number): string[] {
  const recipients = new Map<string, Set<string>>()
  for (const transfer of tx.transfers) {
    if (transfer.mint === null || tx.signers.includes(transfer.to)) continue
    const set = recipients.get(transfer.mint) ?? new Set<string>()
    set.add(transfer.to)
    recipients.set(transfer.mint, set)
  }
  return [...recipients].filter(([, owners]) => owners.size >= minRecipients).map(([mint]) => mint)
}
