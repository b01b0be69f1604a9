import type { Address, Hash } from 'viem'
import { nativeTransferEvent } from '../decode.js'
import { lureTextReason, type SpamPolicy } from '../spam.js'
import type { ChainEvent, TokenMetadata, TokenStandard } from '../types.js'
import {
  type NativeCurrency,
  nftKey,
  type StoredNft,
  type StoredTx,
  toWireTransaction,
} from '../wire.js'
import {
  type HistoryProvider,
  type HistoryRequest,
  ProviderError,
  type ProviderPage,
} from './types.js'

// The fields of Blockscout's REST API v2 this adapter reads (GET /api/v2/addresses/{hash}/transactions).
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

interface BlockscoutTokenTransfer {
  from: BlockscoutAddressRef
  to: BlockscoutAddressRef
  log_index: string | number
  token: BlockscoutToken
  total: { value?: string | null; decimals?: string | null; token_id?: string | null } | null
  transaction_hash?: string
  type: string
}

interface BlockscoutTransaction {
  hash: string
  block_number?: number
  block?: number
  timestamp: string
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

export interface BlockscoutPage {
  items: BlockscoutTransaction[]
  next_page_params: Record<string, string | number | null> | null
}

const STANDARDS: Record<string, TokenStandard> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
}
const lower = (value: string) => value.toLowerCase() as Address

export interface BlockscoutOptions {
  chainId: number
  /** e.g. `https://eth.blockscout.com/api/v2` */
  baseUrl: string
  native: NativeCurrency
  spam: SpamPolicy
  fetch?: typeof fetch
}

/** History from a Blockscout explorer (REST API v2, no key): the transactions the address sent or received. */
export class BlockscoutProvider implements HistoryProvider {
  readonly kind = 'blockscout'
  constructor(private readonly options: BlockscoutOptions) {}

  async history(request: HistoryRequest): Promise<ProviderPage> {
    const url = new URL(
      `${this.options.baseUrl.replace(/\/$/, '')}/addresses/${request.address}/transactions`,
    )
    if (request.cursor) {
      let params: unknown
      try {
        params = JSON.parse(request.cursor)
      } catch {
        throw new ProviderError('Blockscout continuation is not JSON')
      }
      for (const [key, value] of Object.entries(params as Record<string, unknown>))
        if (value !== null && value !== undefined) url.searchParams.set(key, String(value))
    }
    const response = await (this.options.fetch ?? fetch)(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new ProviderError(`Blockscout answered HTTP ${response.status}`)
    const page = (await response.json()) as BlockscoutPage
    if (!Array.isArray(page?.items)) throw new ProviderError('Blockscout answered without items')
    return {
      data: page.items.map((item) => this.toWire(request.address, item)),
      continuation: page.next_page_params ? JSON.stringify(page.next_page_params) : null,
    }
  }

  private toWire(viewer: Address, item: BlockscoutTransaction) {
    const hash = lower(item.hash) as Hash
    const failed = item.status === 'error'
    const tx: StoredTx = {
      chainId: this.options.chainId,
      hash,
      blockNumber: item.block_number ?? item.block ?? 0,
      txIndex: item.position ?? 0,
      minedAt: Math.floor(Date.parse(item.timestamp) / 1000),
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
    for (const transfer of failed ? [] : (item.token_transfers ?? [])) {
      const standard = STANDARDS[transfer.token.type]
      const address = transfer.token.address_hash ?? transfer.token.address
      if (!standard || !address) continue
      const token = lower(address)
      const tokenId = transfer.total?.token_id != null ? BigInt(transfer.total.token_id) : null
      events.push({
        txHash: hash,
        logIndex: Number(transfer.log_index),
        item: 0,
        kind: standard,
        token,
        tokenId,
        from: lower(transfer.from.hash),
        to: lower(transfer.to.hash),
        amount: standard === 'erc721' ? 1n : BigInt(transfer.total?.value ?? '0'),
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
      if (tokenId !== null && transfer.token.name)
        nfts.set(nftKey(token, tokenId), {
          name: `${transfer.token.name} #${tokenId}`,
          imageUrl: null,
        })
    }
    return toWireTransaction(viewer, tx, events, {
      native: this.options.native,
      tokens,
      nfts,
      spam: this.options.spam,
    })
  }
}
