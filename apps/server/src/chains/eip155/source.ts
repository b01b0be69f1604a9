import {
  type Address,
  createPublicClient,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  type RpcBlock,
  type RpcTransactionReceipt,
} from 'viem'
import { decodeLog, nativeTransferEvent } from './decode.js'
import {
  type CallTracerResult,
  internalTransfersFromCallTracer,
  internalTransfersFromParity,
  type ParityTrace,
} from './trace.js'
import type { BlockBundle, ChainEvent, ChainTx } from './types.js'

export type TraceMode = 'trace_block' | 'debug_callTracer' | 'none'
export type ReceiptsMode = 'eth_getBlockReceipts' | 'per_transaction'

export interface BlockSourceOptions {
  chainId: number
  rpcUrl: string
  /** Force a mode instead of probing the node (tests, or nodes that lie about support). */
  traceMode?: TraceMode | 'auto'
  receiptsMode?: ReceiptsMode | 'auto'
  /** JSON-RPC batch size for the HTTP transport. */
  batchSize?: number
}

export class BlockNotFoundError extends Error {
  override name = 'BlockNotFoundError'
  constructor(readonly blockNumber: number) {
    super(`Block ${blockNumber} not found on the node (the chain may have been rolled back).`)
  }
}

type FullBlock = RpcBlock<'latest', true>

// Plain value transfers to an account cost exactly 21000 gas; a block where no transaction used
// more ran no contract code, so it cannot hold internal transfers and need not be traced.
const PLAIN_TRANSFER_GAS = 21_000n

function isUnsupported(error: unknown): boolean {
  const text = `${(error as { details?: string })?.details ?? ''} ${(error as Error)?.message ?? ''}`
  const code = (error as { code?: number })?.code
  return (
    code === -32601 ||
    code === -32004 ||
    /method not found|not supported|does not exist|not available|unsupported|unknown method|not implemented/i.test(
      text,
    )
  )
}

/**
 * Reads blocks with everything the indexer needs from one JSON-RPC node. Optional methods
 * (`eth_getBlockReceipts`, `trace_block`, `debug_traceBlockByNumber`) are probed on first use; a
 * node that answers "method not found" is remembered and served by the fallback from then on.
 */
export class BlockSource {
  readonly chainId: number
  readonly client: PublicClient
  traceMode: TraceMode | 'auto'
  receiptsMode: ReceiptsMode | 'auto'

  constructor(options: BlockSourceOptions) {
    this.chainId = options.chainId
    this.client = createPublicClient({
      transport: http(options.rpcUrl, {
        batch: { batchSize: options.batchSize ?? 100, wait: 0 },
        retryCount: 3,
        timeout: 30_000,
      }),
    })
    this.traceMode = options.traceMode ?? 'auto'
    this.receiptsMode = options.receiptsMode ?? 'auto'
  }

  async nodeChainId(): Promise<number> {
    return Number(await this.client.request({ method: 'eth_chainId' }))
  }

  async headNumber(): Promise<number> {
    return Number(await this.client.request({ method: 'eth_blockNumber' }))
  }

  /** The hash of block `number`, or null when the node has no such block. */
  async blockHash(number: number): Promise<Hash | null> {
    const block = (await this.client.request({
      method: 'eth_getBlockByNumber',
      params: [`0x${number.toString(16)}` as Hex, false],
    })) as RpcBlock | null
    return block?.hash ?? null
  }

  async fetchBlock(number: number): Promise<BlockBundle> {
    const tag = `0x${number.toString(16)}` as Hex
    const block = (await this.client.request({
      method: 'eth_getBlockByNumber',
      params: [tag, true],
    })) as FullBlock | null
    if (!block?.hash) throw new BlockNotFoundError(number)
    const receipts = block.transactions.length === 0 ? [] : await this.receipts(block)
    const byHash = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]))

    const txs: ChainTx[] = []
    const events: ChainEvent[] = []
    let needsTrace = false
    for (const raw of block.transactions) {
      const hash = raw.hash.toLowerCase() as Hash
      const receipt = byHash.get(hash)
      if (!receipt) throw new Error(`Receipt missing for ${hash} in block ${number}`)
      const failed = receipt.status === '0x0'
      const value = BigInt(raw.value)
      const from = raw.from.toLowerCase() as Address
      const to = (raw.to?.toLowerCase() ?? null) as Address | null
      txs.push({
        hash,
        txIndex: Number(raw.transactionIndex),
        from,
        to,
        contractAddress: (receipt.contractAddress?.toLowerCase() ?? null) as Address | null,
        nonce: Number(raw.nonce),
        value,
        status: failed ? 'failed' : 'confirmed',
        selector: raw.input && raw.input.length >= 10 ? (raw.input.slice(0, 10) as Hex) : null,
      })
      if (!failed && value > 0n) {
        const recipient = to ?? (receipt.contractAddress?.toLowerCase() as Address | undefined)
        if (recipient) events.push(nativeTransferEvent(hash, from, recipient, value))
      }
      if (!failed) for (const log of receipt.logs) events.push(...decodeLog(log))
      if (!failed && BigInt(receipt.gasUsed) > PLAIN_TRANSFER_GAS) needsTrace = true
    }
    if (needsTrace) events.push(...(await this.internalTransfers(tag, txs)))
    events.sort((a, b) =>
      a.txHash === b.txHash
        ? a.logIndex - b.logIndex || a.item - b.item
        : a.txHash < b.txHash
          ? -1
          : 1,
    )
    return {
      chainId: this.chainId,
      number,
      hash: block.hash.toLowerCase() as Hash,
      parentHash: block.parentHash.toLowerCase() as Hash,
      timestamp: Number(block.timestamp),
      txs,
      events,
    }
  }

  private async receipts(block: FullBlock): Promise<RpcTransactionReceipt[]> {
    if (this.receiptsMode !== 'per_transaction') {
      try {
        const receipts = (await this.client.request({
          method: 'eth_getBlockReceipts',
          params: [block.hash!],
        } as never)) as RpcTransactionReceipt[] | null
        if (receipts && receipts.length === block.transactions.length) {
          this.receiptsMode = 'eth_getBlockReceipts'
          return receipts
        }
        if (this.receiptsMode === 'eth_getBlockReceipts')
          throw new Error(`eth_getBlockReceipts returned an incomplete list for ${block.hash}`)
      } catch (error) {
        if (this.receiptsMode === 'eth_getBlockReceipts' || !isUnsupported(error)) throw error
      }
      this.receiptsMode = 'per_transaction'
    }
    const receipts = await Promise.all(
      block.transactions.map(
        (tx) =>
          this.client.request({
            method: 'eth_getTransactionReceipt',
            params: [tx.hash],
          }) as Promise<RpcTransactionReceipt | null>,
      ),
    )
    return receipts.map((receipt, i) => {
      if (!receipt) throw new Error(`Receipt missing for ${block.transactions[i]!.hash}`)
      return receipt
    })
  }

  private async internalTransfers(tag: Hex, txs: ChainTx[]): Promise<ChainEvent[]> {
    if (this.traceMode === 'auto' || this.traceMode === 'trace_block') {
      try {
        const traces = (await this.client.request({
          method: 'trace_block',
          params: [tag],
        } as never)) as ParityTrace[]
        this.traceMode = 'trace_block'
        return internalTransfersFromParity(traces ?? [])
      } catch (error) {
        if (this.traceMode === 'trace_block' || !isUnsupported(error)) throw error
        this.traceMode = 'auto'
      }
    }
    if (this.traceMode === 'auto' || this.traceMode === 'debug_callTracer') {
      try {
        const results = (await this.client.request({
          method: 'debug_traceBlockByNumber',
          params: [tag, { tracer: 'callTracer' }],
        } as never)) as CallTracerResult[]
        this.traceMode = 'debug_callTracer'
        return internalTransfersFromCallTracer(
          results ?? [],
          txs.map((t) => t.hash),
        )
      } catch (error) {
        if (this.traceMode === 'debug_callTracer' || !isUnsupported(error)) throw error
      }
      this.traceMode = 'none'
    }
    return []
  }
}
