/**
 * A Solana transaction as the viewer sees it, in the history wire format the EVM rows use
 * (docs/behaviour.md#history-wire-format): `hash` is the signature, `nonce` the slot (Solana
 * has no account nonce), amounts are decimal strings in whole units.
 */

import type {
  OperationType,
  Transaction,
  TransactionTransfer,
  TransferDirection,
} from '@latch/core/wire'
import { classifyMovements } from '../shared/movements.js'
import type { SolanaTokenInfo } from './config.js'
import type { SolanaTransfer } from './extract.js'
import type { StoredSolanaTx } from './store.js'
import { decimal } from './units.js'

export interface SolanaWireContext {
  cluster: string
  tokens: ReadonlyMap<string, SolanaTokenInfo>
  spamMints: ReadonlySet<string>
}

function direction(viewer: string, transfer: SolanaTransfer): TransferDirection | null {
  const out = transfer.from === viewer
  const inn = transfer.to === viewer
  if (out && inn) return 'self'
  if (out) return 'out'
  if (inn) return 'in'
  return null
}

/** A mint on no token list is shown by its address's ends, so two unknown tokens stay apart. */
const shortMint = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`

function fungibleInfo(
  transfer: SolanaTransfer,
  ctx: SolanaWireContext,
): TransactionTransfer['fungible_info'] {
  if (transfer.mint === null) return { name: 'Solana', symbol: 'SOL' }
  const listed = ctx.tokens.get(transfer.mint)
  const info: NonNullable<TransactionTransfer['fungible_info']> = listed
    ? { name: listed.name, symbol: listed.symbol }
    : { name: transfer.mint, symbol: shortMint(transfer.mint) }
  if (ctx.spamMints.has(transfer.mint)) info.flags = { is_spam: true }
  return info
}

/** The EVM rows' value rules (eip155/classify.ts), with the mint standing for the zero address. */
function operationType(viewer: string, tx: StoredSolanaTx): OperationType {
  const outs = new Set<string>()
  const ins = new Set<string>()
  let minted = false
  let burned = false
  let self = false
  for (const transfer of tx.transfers) {
    const asset = transfer.mint ?? 'SOL'
    const d = direction(viewer, transfer)
    if (d === 'in') {
      ins.add(asset)
      if (transfer.from === transfer.mint) minted = true
    } else if (d === 'out') {
      outs.add(asset)
      if (transfer.to === transfer.mint) burned = true
    } else if (d === 'self') self = true
  }
  const moved = classifyMovements({ ins, outs, minted, burned, self })
  if (moved) return moved
  if (tx.feePayer === viewer)
    return tx.status === 'failed' || tx.sentTo !== viewer ? 'send' : 'execute'
  return 'receive'
}

export function toSolanaWireTransaction(
  viewer: string,
  tx: StoredSolanaTx,
  ctx: SolanaWireContext,
): Transaction {
  const transfers: TransactionTransfer[] = []
  for (const transfer of tx.transfers) {
    const d = direction(viewer, transfer)
    if (!d) continue
    transfers.push({
      fungible_info: fungibleInfo(transfer, ctx),
      direction: d,
      quantity: { numeric: decimal(transfer.amount, transfer.decimals) },
    })
  }
  return {
    id: `${ctx.cluster}:${tx.signature}`,
    metadata: {
      operationType: operationType(viewer, tx),
      hash: tx.signature,
      minedAt: new Date(tx.blockTime * 1000).toISOString(),
      sentFrom: tx.feePayer,
      sentTo: tx.sentTo,
      status: tx.status,
      nonce: tx.slot,
      chain: ctx.cluster,
    },
    transfers,
  }
}
