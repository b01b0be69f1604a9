import { type Address, formatUnits } from 'viem'
import { classify, directionFor } from './classify.js'
import { isTransferKind } from './decode.js'
import { isSpam, type SpamPolicy } from './spam.js'
import type {
  ChainEvent,
  NftInfo,
  TokenMetadata,
  Transaction,
  TransactionTransfer,
} from './types.js'
import { type OperationView, operationViews } from './userOperations.js'

export interface StoredTx {
  chainId: number
  hash: string
  blockNumber: number
  txIndex: number
  /** Unix seconds. */
  minedAt: number
  from: Address
  to: Address | null
  contractAddress: Address | null
  nonce: number
  status: 'confirmed' | 'failed'
  selector: string | null
}

export interface StoredNft {
  name: string | null
  imageUrl: string | null
}

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface WireContext {
  native: NativeCurrency
  tokens: ReadonlyMap<string, TokenMetadata>
  /** Keyed by `${contract}:${tokenId}`. */
  nfts: ReadonlyMap<string, StoredNft>
  spam: SpamPolicy
}

export const nftKey = (contract: string, tokenId: bigint | string) => `${contract}:${tokenId}`

export function caip2(chainId: number): string {
  return `eip155:${chainId}`
}

function mediaType(url: string): string | undefined {
  const data = /^data:([^;,]+)/.exec(url)
  if (data) return data[1]
  const ext = /\.(png|jpe?g|gif|svg|webp|mp4)(\?|#|$)/i.exec(url)?.[1]?.toLowerCase()
  if (!ext) return undefined
  if (ext === 'svg') return 'image/svg+xml'
  if (ext === 'mp4') return 'video/mp4'
  return `image/${ext === 'jpg' ? 'jpeg' : ext}`
}

function transfer(
  viewer: Address,
  event: ChainEvent,
  ctx: WireContext,
): TransactionTransfer | null {
  const direction = directionFor(viewer, event)
  if (!direction) return null
  if (event.kind === 'native' || event.kind === 'internal')
    return {
      fungible_info: { name: ctx.native.name, symbol: ctx.native.symbol },
      direction,
      quantity: { numeric: formatUnits(event.amount, ctx.native.decimals) },
    }
  const token = event.token ? ctx.tokens.get(event.token) : undefined
  if (event.kind === 'erc20') {
    const info: TransactionTransfer['fungible_info'] = {}
    if (token?.name) info.name = token.name
    if (token?.symbol) info.symbol = token.symbol
    return {
      fungible_info: info,
      direction,
      quantity: { numeric: formatUnits(event.amount, token?.decimals ?? 0) },
    }
  }
  // ERC-721 and ERC-1155
  const nft =
    event.token && event.tokenId !== null
      ? ctx.nfts.get(nftKey(event.token, event.tokenId))
      : undefined
  const info: NftInfo = {
    flags: {
      is_spam: event.token ? isSpam(event.token, token?.spamReason ?? null, ctx.spam) : false,
    },
  }
  const name = nft?.name ?? (token?.name ? `${token.name} #${event.tokenId}` : null)
  if (name) info.name = name
  if (nft?.imageUrl) {
    const media = {
      url: nft.imageUrl,
      ...(mediaType(nft.imageUrl) ? { content_type: mediaType(nft.imageUrl) } : {}),
    }
    info.content = { preview: media, detail: media }
  }
  return { nft_info: info, direction, quantity: { numeric: event.amount.toString() } }
}

/**
 * One transaction as `viewer` sees it: one row, or one per user operation when the viewer is a
 * smart account whose operations it carried (userOperations.ts). `events` may hold every event of
 * the transaction; those that do not involve the viewer are left out of `transfers` but still
 * inform the operation type.
 */
export function toWireTransactions(
  viewer: Address,
  tx: StoredTx,
  events: readonly ChainEvent[],
  ctx: WireContext,
): Transaction[] {
  const ops = operationViews(viewer, events, tx.status)
  if (ops.length === 0) return [plainRow(viewer, tx, events, ctx)]
  // Two operations of one account in one bundle are two rows: each needs its own id.
  return ops.map((op) => operationRow(viewer, tx, op, ctx, ops.length > 1))
}

/** The one row of a transaction that carries no user operation of the viewer. */
export function toWireTransaction(
  viewer: Address,
  tx: StoredTx,
  events: readonly ChainEvent[],
  ctx: WireContext,
): Transaction {
  return toWireTransactions(viewer, tx, events, ctx)[0]!
}

function transfersOf(viewer: Address, events: readonly ChainEvent[], ctx: WireContext) {
  const transfers: TransactionTransfer[] = []
  for (const event of events) {
    if (!isTransferKind(event.kind)) continue
    const item = transfer(viewer, event, ctx)
    if (item) transfers.push(item)
  }
  return transfers
}

function plainRow(
  viewer: Address,
  tx: StoredTx,
  events: readonly ChainEvent[],
  ctx: WireContext,
): Transaction {
  const mine = events.filter((e) => e.from === viewer || e.to === viewer)
  return {
    id: `${caip2(tx.chainId)}:${tx.hash}`,
    metadata: {
      operationType: classify(viewer, tx, mine),
      hash: tx.hash,
      minedAt: new Date(tx.minedAt * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo: tx.to ?? tx.contractAddress ?? '',
      status: tx.status,
      nonce: tx.nonce,
      chain: caip2(tx.chainId),
    },
    transfers: transfersOf(viewer, mine, ctx),
  }
}

/**
 * A smart account's user operation, shown as the account's own rather than as the bundler's
 * transaction that carried it; `hash` stays the transaction's, where it can be looked up.
 */
function operationRow(
  viewer: Address,
  tx: StoredTx,
  op: OperationView,
  ctx: WireContext,
  split: boolean,
): Transaction {
  const sent = { from: op.from, to: op.to, selector: tx.selector }
  return {
    id: `${caip2(tx.chainId)}:${tx.hash}${split ? `:${op.hash}` : ''}`,
    metadata: {
      operationType: classify(viewer, sent, op.own),
      hash: tx.hash,
      minedAt: new Date(tx.minedAt * 1000).toISOString(),
      sentFrom: op.from,
      sentTo: op.to ?? tx.contractAddress ?? '',
      status: op.status,
      nonce: op.nonce,
      chain: caip2(tx.chainId),
      userOperation: {
        hash: op.hash,
        fee: {
          numeric: formatUnits(op.fee, ctx.native.decimals),
          symbol: ctx.native.symbol,
        },
        sponsored: op.paymaster !== null,
      },
    },
    transfers: transfersOf(viewer, op.events, ctx),
  }
}
