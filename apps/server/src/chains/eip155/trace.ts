import type { Address, Hash } from 'viem'
import type { ChainEvent } from './types.js'

/** An entry of `trace_block` (the Parity/OpenEthereum trace format; anvil, Erigon, Reth, Nethermind). */
export interface ParityTrace {
  type: 'call' | 'create' | 'suicide' | 'selfdestruct' | 'reward' | string
  action: {
    callType?: string
    from?: string
    to?: string
    value?: string
    address?: string
    refundAddress?: string
    balance?: string
  }
  result?: { address?: string } | null
  error?: string
  traceAddress: number[]
  transactionHash?: string | null
}

/** A frame of geth's `callTracer` (`debug_traceBlockByNumber`). */
export interface CallFrame {
  type: string
  from: string
  to?: string
  value?: string
  error?: string
  calls?: CallFrame[]
}

export interface CallTracerResult {
  txHash?: string
  result?: CallFrame
  error?: string
}

const lower = (value: string) => value.toLowerCase() as Address

function internal(txHash: string, item: number, from: string, to: string, amount: bigint) {
  return {
    txHash: txHash.toLowerCase() as Hash,
    logIndex: -2,
    item,
    kind: 'internal' as const,
    token: null,
    tokenId: null,
    from: lower(from),
    to: lower(to),
    amount,
  } satisfies ChainEvent
}

/**
 * Internal value transfers from `trace_block`. The top-level call is skipped (its value is the
 * transaction's own), and so is everything under a frame that errored: reverted value never moved.
 * DELEGATECALL and CALLCODE carry the caller's value in context, not a transfer, so they are skipped.
 */
export function internalTransfersFromParity(traces: readonly ParityTrace[]): ChainEvent[] {
  const out: ChainEvent[] = []
  const failed = new Map<string, string[]>()
  const counters = new Map<string, number>()
  for (const trace of traces) {
    const tx = trace.transactionHash?.toLowerCase()
    if (!tx) continue
    const path = trace.traceAddress.join('.')
    if (trace.error) {
      const list = failed.get(tx) ?? []
      list.push(path)
      failed.set(tx, list)
    }
    const list = failed.get(tx)
    // Parity lists parents before children, so any failed ancestor has already been seen.
    if (list?.some((p) => p === '' || path === p || path.startsWith(`${p}.`))) continue
    if (trace.traceAddress.length === 0) continue
    let from: string | undefined
    let to: string | undefined
    let value = 0n
    if (trace.type === 'call' && (trace.action.callType ?? 'call') === 'call') {
      from = trace.action.from
      to = trace.action.to
      value = BigInt(trace.action.value ?? '0x0')
    } else if (trace.type === 'create') {
      from = trace.action.from
      to = trace.result?.address
      value = BigInt(trace.action.value ?? '0x0')
    } else if (trace.type === 'suicide' || trace.type === 'selfdestruct') {
      from = trace.action.address
      to = trace.action.refundAddress
      value = BigInt(trace.action.balance ?? '0x0')
    }
    if (!from || !to || value === 0n) continue
    const item = counters.get(tx) ?? 0
    counters.set(tx, item + 1)
    out.push(internal(tx, item, from, to, value))
  }
  return out
}

/** The same, from geth's callTracer output (one result per transaction, in block order). */
export function internalTransfersFromCallTracer(
  results: readonly CallTracerResult[],
  txHashes: readonly string[],
): ChainEvent[] {
  const out: ChainEvent[] = []
  results.forEach((entry, index) => {
    const tx = entry.txHash ?? txHashes[index]
    const root = entry.result
    if (!tx || !root || root.error) return
    let item = 0
    const walk = (frames: readonly CallFrame[] | undefined) => {
      for (const frame of frames ?? []) {
        if (frame.error) continue
        const type = frame.type.toUpperCase()
        const value = BigInt(frame.value ?? '0x0')
        const moves =
          type === 'CALL' || type === 'CREATE' || type === 'CREATE2' || type === 'SELFDESTRUCT'
        if (moves && value > 0n && frame.to)
          out.push(internal(tx, item++, frame.from, frame.to, value))
        walk(frame.calls)
      }
    }
    walk(root.calls)
  })
  return out
}
