import type { Address, Hash } from 'viem'
import { getJson, isObject, mapUpstream } from '../../../net/get-json.js'
import { nativeTransferEvent } from '../decode.js'
import { lureTextReason, type SpamPolicy } from '../spam.js'
import type { ChainEvent, TokenMetadata, TokenStandard } from '../types.js'
import { type NativeCurrency, type StoredTx, toWireTransaction } from '../wire.js'
import {
  type HistoryProvider,
  type HistoryRequest,
  ProviderError,
  type ProviderPage,
} from './types.js'

// The fields of Etherscan API v2 (`module=account`, actions `txlist`, `tokentx`, `tokennfttx`,
// `token1155tx`) this adapter reads.
export interface EtherscanTx {
  blockNumber: string
  timeStamp: string
  hash: string
  nonce: string
  transactionIndex: string
  from: string
  to: string
  value: string
  isError: string
  txreceipt_status: string
  input: string
  contractAddress: string
}

export interface EtherscanTokenTx {
  blockNumber: string
  timeStamp: string
  hash: string
  nonce: string
  transactionIndex: string
  from: string
  to: string
  contractAddress: string
  value: string
  tokenName: string
  tokenSymbol: string
  tokenDecimal: string
  logIndex?: string
}

/** `tokennfttx` (ERC-721): no `value`; `tokenDecimal` is "0". */
export interface EtherscanNftTx extends Omit<EtherscanTokenTx, 'value'> {
  tokenID: string
}

/** `token1155tx`: one row per token id, also for a TransferBatch. */
export interface Etherscan1155Tx extends Omit<EtherscanTokenTx, 'value' | 'tokenDecimal'> {
  tokenID: string
  tokenValue: string
}

/** A token movement from any of the three token actions. */
type Moved = Omit<EtherscanTokenTx, 'value' | 'tokenDecimal'> & {
  standard: TokenStandard
  tokenId: bigint | null
  amount: bigint
  tokenDecimal?: string
}

export interface EtherscanResponse<T> {
  status: string
  message: string
  result: T[] | string
}

export interface EtherscanOptions {
  chainId: number
  /** `https://api.etherscan.io/v2/api` */
  baseUrl: string
  apiKey: string
  native: NativeCurrency
  spam: SpamPolicy
  fetch?: typeof fetch
}

/**
 * Continuation: the next txlist page, the block the listing was frozen at on page 1 (so new
 * transactions cannot shift the pages), and the highest block whose token-only transactions the
 * next page must still serve.
 */
interface Continuation {
  page: number
  until: number
  below: number
  /**
   * Hashes earlier pages listed in block `below`: that block's token transfers are read again for
   * this page, and without this those transactions would come back as token-only ones.
   */
  seen?: string[]
}

const LATEST = 999_999_999

const lower = (value: string) => value.toLowerCase() as Address
// Etherscan refuses page * offset above 10 000.
const MAX_WINDOW = 10_000

/**
 * History from Etherscan API v2 (one key, any supported chain by `chainid`). A page is one `txlist`
 * page, newest first; the token transfers of the same block range — ERC-20 from `tokentx`, ERC-721
 * from `tokennfttx`, ERC-1155 from `token1155tx` — are attached to their transactions. Transactions that only moved tokens to the address (sent by someone else)
 * are added for the block range this page covers, so consecutive pages neither miss nor repeat them.
 */
export class EtherscanProvider implements HistoryProvider {
  readonly kind = 'etherscan'
  constructor(private readonly options: EtherscanOptions) {}

  private async call<T>(params: Record<string, string>): Promise<T[]> {
    const url = new URL(this.options.baseUrl)
    url.searchParams.set('chainid', String(this.options.chainId))
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    url.searchParams.set('apikey', this.options.apiKey)
    const body = await getJson('Etherscan', url, { fetch: this.options.fetch })
    if (!isObject(body))
      throw new ProviderError('Etherscan answered something other than an object')
    const { status, message, result } = body as Partial<EtherscanResponse<T>>
    // "No transactions found" is status 0 with an empty array; errors are status 0 with a string
    // result ("NOTOK", "Invalid API Key", "Max rate limit reached", …).
    if (Array.isArray(result) && !(status === '0' && message?.startsWith('NOTOK'))) {
      if (!result.every((row) => isObject(row) && typeof row.hash === 'string'))
        throw new ProviderError(`Etherscan ${params.action} answered malformed rows`)
      return result
    }
    throw new ProviderError(
      `Etherscan: ${message ?? 'no message'}${typeof result === 'string' ? ` (${result})` : ''}`,
    )
  }

  history(request: HistoryRequest): Promise<ProviderPage> {
    return mapUpstream('Etherscan', () => this.page(request))
  }

  private async page(request: HistoryRequest): Promise<ProviderPage> {
    let state: Continuation | null = null
    if (request.cursor) {
      try {
        state = JSON.parse(request.cursor) as Continuation
      } catch {
        throw new ProviderError('Etherscan continuation is not JSON')
      }
    }
    const page = state?.page ?? 1
    const offset = request.limit
    const txs = await this.call<EtherscanTx>({
      module: 'account',
      action: 'txlist',
      address: request.address,
      startblock: '0',
      endblock: String(state?.until ?? LATEST),
      page: String(page),
      offset: String(offset),
      sort: 'desc',
    })
    const full = txs.length === offset && page * offset < MAX_WINDOW
    const lowest = full ? Number(txs.at(-1)!.blockNumber) : 0
    const highest = state?.below ?? state?.until ?? LATEST
    const range = {
      module: 'account',
      address: request.address,
      startblock: String(lowest),
      endblock: String(highest),
      sort: 'desc',
    }
    const [erc20, erc721, erc1155] = await Promise.all([
      this.call<EtherscanTokenTx>({ ...range, action: 'tokentx' }),
      this.call<EtherscanNftTx>({ ...range, action: 'tokennfttx' }),
      this.call<Etherscan1155Tx>({ ...range, action: 'token1155tx' }),
    ])
    const tokenTxs: Moved[] = [
      ...erc20.map((t) => ({
        ...t,
        standard: 'erc20' as const,
        tokenId: null,
        amount: BigInt(t.value || '0'),
      })),
      ...erc721.map((t) => ({
        ...t,
        standard: 'erc721' as const,
        tokenId: BigInt(t.tokenID),
        amount: 1n,
      })),
      ...erc1155.map((t) => ({
        ...t,
        standard: 'erc1155' as const,
        tokenId: BigInt(t.tokenID),
        amount: BigInt(t.tokenValue || '0'),
      })),
    ]

    const byHash = new Map<string, Moved[]>()
    for (const t of tokenTxs)
      byHash.set(t.hash.toLowerCase(), [...(byHash.get(t.hash.toLowerCase()) ?? []), t])
    const listed = new Set([...txs.map((t) => t.hash.toLowerCase()), ...(state?.seen ?? [])])
    const items: { tx: StoredTx; events: ChainEvent[]; tokens: Map<string, TokenMetadata> }[] = []
    for (const raw of txs) items.push(this.item(raw, byHash.get(raw.hash.toLowerCase()) ?? []))
    // Token-only transactions: strictly above this page's lowest block (the next page covers that
    // block), unless this is the last page.
    const tokenOnly = new Map<string, Moved[]>()
    for (const [hash, list] of byHash) {
      const block = Number(list[0]!.blockNumber)
      if (!listed.has(hash) && (full ? block > lowest : true) && block <= highest)
        tokenOnly.set(hash, list)
    }
    for (const list of tokenOnly.values()) items.push(this.item(null, list))
    items.sort(
      (a, b) =>
        b.tx.minedAt - a.tx.minedAt ||
        b.tx.blockNumber - a.tx.blockNumber ||
        b.tx.txIndex - a.tx.txIndex,
    )
    const data = items.map(({ tx, events, tokens }) =>
      toWireTransaction(request.address, tx, events, {
        native: this.options.native,
        tokens,
        nfts: new Map(),
        spam: this.options.spam,
      }),
    )
    const until = state?.until ?? (txs[0] ? Number(txs[0].blockNumber) : LATEST)
    const atLowest = txs
      .filter((t) => Number(t.blockNumber) === lowest)
      .map((t) => t.hash.toLowerCase())
    const seen = state && state.below === lowest ? [...(state.seen ?? []), ...atLowest] : atLowest
    const next: Continuation = { page: page + 1, until, below: lowest, seen }
    return { data, continuation: full ? JSON.stringify(next) : null }
  }

  private item(raw: EtherscanTx | null, transfers: Moved[]) {
    const first = raw ?? transfers[0]!
    const hash = lower(first.hash) as Hash
    const failed = raw ? raw.isError === '1' || raw.txreceipt_status === '0' : false
    const tx: StoredTx = {
      chainId: this.options.chainId,
      hash,
      blockNumber: Number(first.blockNumber),
      txIndex: Number(first.transactionIndex),
      minedAt: Number(first.timeStamp),
      // For a token-only transaction Etherscan does not say who sent it; the token's sender stands in.
      from: lower(first.from),
      to: raw ? (raw.to ? lower(raw.to) : null) : lower(transfers[0]!.contractAddress),
      contractAddress: raw?.contractAddress ? lower(raw.contractAddress) : null,
      nonce: Number(first.nonce),
      status: failed ? 'failed' : 'confirmed',
      selector: raw ? (raw.input && raw.input.length >= 10 ? raw.input.slice(0, 10) : null) : '0x',
    }
    const events: ChainEvent[] = []
    const tokens = new Map<string, TokenMetadata>()
    const value = raw ? BigInt(raw.value || '0') : 0n
    const recipient = tx.to ?? tx.contractAddress
    if (!failed && value > 0n && recipient)
      events.push(nativeTransferEvent(hash, tx.from, recipient, value))
    transfers.forEach((t, i) => {
      const token = lower(t.contractAddress)
      events.push({
        txHash: hash,
        logIndex: t.logIndex ? Number(t.logIndex) : i,
        item: 0,
        kind: t.standard,
        token,
        tokenId: t.tokenId,
        from: lower(t.from),
        to: lower(t.to),
        amount: t.amount,
      })
      const name = t.tokenName || null
      const symbol = t.tokenSymbol || null
      tokens.set(token, {
        address: token,
        standard: t.standard,
        name,
        symbol,
        decimals: t.standard === 'erc20' && t.tokenDecimal ? Number(t.tokenDecimal) : null,
        spamReason: t.standard === 'erc20' ? null : lureTextReason(name, symbol),
      })
    })
    return { tx, events, tokens }
  }
}
