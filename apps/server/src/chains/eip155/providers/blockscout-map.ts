import type { Address, Hash } from 'viem'
import { nativeTransferEvent } from '../decode.js'
import { lureTextReason, type SpamPolicy } from '../spam.js'
import type { ChainEvent, TokenMetadata, TokenStandard, Transaction } from '../types.js'
import {
  type NativeCurrency,
  nftKey,
  type StoredNft,
  type StoredTx,
  toWireTransaction,
} from '../wire.js'

// The fields of Blockscout's REST API v2 this adapter reads: GET /addresses/{hash}/transactions,
// /addresses/{hash}/token-transfers and /transactions/{hash}.
interface BlockscoutAddressRef {
  hash: string
}

interface BlockscoutToken {
  /** `address_hash` on current instances, `address` on older ones. */
  address_hash?: string
  address?: string
  name: string | null
  symbol: string | null
  decimals: string | null
  type: string
  icon_url?: string | null
}

interface BlockscoutTotal {
  value?: string | null
  decimals?: string | null
  token_id?: string | null
}

export interface BlockscoutTokenTransfer {
  from: BlockscoutAddressRef
  to: BlockscoutAddressRef
  log_index: string | number
  token: BlockscoutToken
  /** An array for an ERC-1155 TransferBatch, one entry per token id. */
  total: BlockscoutTotal | BlockscoutTotal[] | null
  transaction_hash?: string
  /** Set in the address token-transfers list; null when embedded in a transaction. */
  block_number?: number | null
  type: string
}

export interface BlockscoutTransaction {
  hash: string
  /** null while pending. */
  block_number?: number | null
  block?: number | null
  timestamp: string | null
  from: BlockscoutAddressRef
  to: BlockscoutAddressRef | null
  created_contract?: BlockscoutAddressRef | null
  value: string
  nonce: number
  position?: number | null
  status: 'ok' | 'error' | null
  result?: string
  raw_input?: string
  method?: string | null
  token_transfers?: BlockscoutTokenTransfer[] | null
}

export type PageParams = Record<string, string | number | null>

export interface BlockscoutPage<T> {
  items: T[]
  next_page_params: PageParams | null
}

const STANDARDS: Record<string, TokenStandard> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
}
const lower = (value: string) => value.toLowerCase() as Address

export interface MapContext {
  chainId: number
  native: NativeCurrency
  spam: SpamPolicy
}

/**
 * One transaction in the wire format. `extra` are the address's own token transfers from the
 * token-transfers list: a transaction embeds only its first transfers, and a transaction the
 * address did not send is known only from that list. Both copies of a transfer share a log index.
 */
export function blockscoutToWire(
  viewer: Address,
  item: BlockscoutTransaction,
  extra: readonly BlockscoutTokenTransfer[],
  ctx: MapContext,
): Transaction {
  const hash = lower(item.hash) as Hash
  const failed = item.status === 'error'
  const tx: StoredTx = {
    chainId: ctx.chainId,
    hash,
    blockNumber: item.block_number ?? item.block ?? 0,
    txIndex: item.position ?? 0,
    minedAt: Math.floor(Date.parse(item.timestamp ?? '') / 1000) || 0,
    from: lower(item.from.hash),
    to: item.to ? lower(item.to.hash) : null,
    contractAddress: item.created_contract ? lower(item.created_contract.hash) : null,
    nonce: item.nonce,
    status: failed ? 'failed' : 'confirmed',
    selector:
      item.raw_input && item.raw_input.length >= 10
        ? item.raw_input.slice(0, 10)
        : item.method
          ? '0x'
          : null,
  }
  const events: ChainEvent[] = []
  const tokens = new Map<string, TokenMetadata>()
  const nfts = new Map<string, StoredNft>()
  const value = BigInt(item.value ?? '0')
  const recipient = tx.to ?? tx.contractAddress
  if (!failed && value > 0n && recipient)
    events.push(nativeTransferEvent(hash, tx.from, recipient, value))
  const byLog = new Map<number, BlockscoutTokenTransfer>()
  for (const transfer of [...(item.token_transfers ?? []), ...extra])
    byLog.set(Number(transfer.log_index), transfer)
  for (const [logIndex, transfer] of failed ? [] : [...byLog].sort((a, b) => a[0] - b[0])) {
    const standard = STANDARDS[transfer.token.type]
    const address = transfer.token.address_hash ?? transfer.token.address
    if (!standard || !address) continue
    const token = lower(address)
    const totals = Array.isArray(transfer.total) ? transfer.total : [transfer.total]
    totals.forEach((total, index) => {
      const tokenId = total?.token_id != null ? BigInt(total.token_id) : null
      events.push({
        txHash: hash,
        logIndex,
        item: index,
        kind: standard,
        token,
        tokenId,
        from: lower(transfer.from.hash),
        to: lower(transfer.to.hash),
        amount: standard === 'erc721' ? 1n : BigInt(total?.value ?? '0'),
      })
      if (tokenId !== null && transfer.token.name)
        nfts.set(nftKey(token, tokenId), {
          name: `${transfer.token.name} #${tokenId}`,
          imageUrl: null,
        })
    })
    tokens.set(token, {
      address: token,
      standard,
      name: transfer.token.name,
      symbol: transfer.token.symbol,
      decimals: transfer.token.decimals === null ? null : Number(transfer.token.decimals),
      spamReason:
        standard === 'erc20' ? null : lureTextReason(transfer.token.name, transfer.token.symbol),
    })
  }
  return toWireTransaction(viewer, tx, events, {
    native: ctx.native,
    tokens,
    nfts,
    spam: ctx.spam,
  })
}
