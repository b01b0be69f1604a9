/**
 * The Solana transaction methods of the approval flow (docs/embedded-wallet.md#solana-transactions):
 * solana_signTransaction, solana_signAndSendTransaction and solana_signAllTransactions. Each is
 * checked and decoded before any view exists; what is signed is what the view was built from.
 * requests.ts loads this module, the decoders and @solana/kit with the first such request, so EVM
 * users never fetch them.
 */

import { latchTransport } from '@latch/core'
import { base58, base64 } from '@scure/base'
import type { ApprovalView } from '../../decode/view.js'
import { FrameError } from '../../handler.js'
import type { PreparedRequest } from '../types.js'
import type { DecodedSolanaTransaction } from './decode/transaction.js'
import type { SolanaKey } from './keys.js'
import { st } from './text.js'

export interface SolanaRequestContext {
  key: SolanaKey
  origin: string
  /** The cluster a signed transaction is sent to, and the server's proxy URL for it. */
  cluster?: { caip2: string; proxyUrl: string } | undefined
}

export class NoSolanaClusterError extends FrameError {
  override name = 'NoSolanaClusterError'
  constructor() {
    super(st('sol.noCluster'), -32602)
  }
}

/** The cluster (through the server's proxy) refused or could not take the transaction. */
export class SolanaSendError extends FrameError {
  override name = 'SolanaSendError'
}

const invalid = (message: string) => new FrameError(message, -32602)

/** A wire transaction as the page gives it: base58 (the reference's form) or base64. */
function wireBytes(transaction: unknown, what = st('sol.what.transaction')): Uint8Array {
  if (typeof transaction !== 'string' || transaction.length === 0 || transaction.length > 4000)
    throw invalid(st('sol.invalid.wire', { what }))
  try {
    return base58.decode(transaction)
  } catch {
    try {
      return base64.decode(transaction)
    } catch {
      throw invalid(st('sol.invalid.encoding', { what }))
    }
  }
}

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized'])
// `commitment` is the wallet standard's "confirm before answering": accepted so standard pages
// work, but the frame answers once the cluster took the transaction; the page confirms it.
const SEND_OPTIONS = new Set([
  'skipPreflight',
  'preflightCommitment',
  'maxRetries',
  'minContextSlot',
  'commitment',
])

export interface SendOptions {
  skipPreflight?: boolean
  preflightCommitment?: string
  maxRetries?: number
  minContextSlot?: number
}

/** sendTransaction's options, checked one by one: an unknown one is refused, not dropped. */
function sendOptions(raw: unknown): SendOptions {
  if (raw === undefined || raw === null) return {}
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid(st('sol.invalid.options'))
  const options = raw as Record<string, unknown>
  const unknown = Object.keys(options).find((key) => !SEND_OPTIONS.has(key))
  if (unknown !== undefined)
    throw invalid(st('sol.invalid.unknownOption', { name: unknown.slice(0, 64) }))
  const { skipPreflight, preflightCommitment, maxRetries, minContextSlot, commitment } = options
  const count = (value: unknown) =>
    value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0)
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean')
    throw invalid(st('sol.invalid.skipPreflight'))
  if (preflightCommitment !== undefined && !COMMITMENTS.has(preflightCommitment as string))
    throw invalid(st('sol.invalid.option', { name: 'preflightCommitment' }))
  if (commitment !== undefined && !COMMITMENTS.has(commitment as string))
    throw invalid(st('sol.invalid.option', { name: 'commitment' }))
  if (!count(maxRetries)) throw invalid(st('sol.invalid.option', { name: 'maxRetries' }))
  if (!count(minContextSlot)) throw invalid(st('sol.invalid.option', { name: 'minContextSlot' }))
  return Object.fromEntries(
    Object.entries({ skipPreflight, preflightCommitment, maxRetries, minContextSlot }).filter(
      ([, value]) => value !== undefined,
    ),
  )
}

const CLUSTER_NAMES: Record<string, string> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana Mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'Solana Devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
}

/** The user's signature in its slot, and the signed wire bytes. */
async function signDecoded(
  decoded: DecodedSolanaTransaction,
  key: SolanaKey,
): Promise<{ wire: Uint8Array; signature: Uint8Array; id: Uint8Array }> {
  const { getTransactionEncoder } = await import('@solana/kit')
  const { transaction } = decoded
  const signature = key.sign(new Uint8Array(transaction.messageBytes))
  const signatures = { ...transaction.signatures, [key.address]: signature }
  const wire = new Uint8Array(
    getTransactionEncoder().encode({ ...transaction, signatures } as never),
  )
  // A transaction's id is its first signature, the fee payer's.
  const id = (signatures as Record<string, Uint8Array | null>)[decoded.feePayer] ?? signature
  return { wire, signature, id }
}

/** The cluster's own words for a refused send: its JSON-RPC message and code, or the proxy's. */
function sendFailure(error: unknown, caip2: string): SolanaSendError {
  const e = error as { code?: unknown; details?: unknown; status?: unknown }
  if (typeof e.status === 'number') {
    let message = st('sol.noAnswer', { network: caip2, status: e.status })
    try {
      const body = JSON.parse(String(e.details)) as { message?: unknown }
      if (typeof body.message === 'string') message = body.message
    } catch {}
    return new SolanaSendError(message)
  }
  if (typeof e.code === 'number' && typeof e.details === 'string')
    return new SolanaSendError(e.details, e.code)
  return new SolanaSendError(st('sol.sendFailed', { network: caip2 }))
}

async function decodeOne(bytes: Uint8Array, context: SolanaRequestContext) {
  const { decodeSolanaTransaction } = await import('./decode/transaction.js')
  return decodeSolanaTransaction(bytes, context.key.address, context.origin)
}

async function prepareSign(params: unknown, context: SolanaRequestContext) {
  const { transaction } = (params ?? {}) as { transaction?: unknown }
  const decoded = await decodeOne(wireBytes(transaction), context)
  return {
    view: decoded.view,
    async finish() {
      const { wire, signature } = await signDecoded(decoded, context.key)
      return { transaction: base58.encode(wire), signature: base58.encode(signature) }
    },
  }
}

async function prepareSignAndSend(params: unknown, context: SolanaRequestContext) {
  const { cluster } = context
  if (!cluster) throw new NoSolanaClusterError()
  // CAIP-2 names a cluster by the first 32 characters of its genesis hash.
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(cluster.caip2))
    throw invalid(st('sol.unknownCluster', { network: cluster.caip2.slice(0, 80) }))
  const { transaction, options } = (params ?? {}) as { transaction?: unknown; options?: unknown }
  const bytes = wireBytes(transaction)
  const send = sendOptions(options)
  const decoded = await decodeOne(bytes, context)
  // Sent at once, so it must be complete once the user signed: no slot may wait for another key.
  if (decoded.unsignedOthers.length > 0) throw invalid(st('sol.invalid.othersFirst'))
  const [request, ...rest] = decoded.view.sections
  const network = CLUSTER_NAMES[cluster.caip2]
  const view: ApprovalView = {
    ...decoded.view,
    title: st('sol.sendTitle'),
    sections: [
      {
        title: request?.title ?? st('sol.request'),
        fields: [
          ...(request?.fields ?? []),
          {
            label: st('sol.network'),
            value: network
              ? st('sol.networkName', { name: network, id: cluster.caip2 })
              : cluster.caip2,
          },
          {
            label: st('sol.preflight'),
            value: send.skipPreflight ? st('sol.preflightNo') : st('sol.preflightYes'),
          },
        ],
      },
      ...rest,
    ],
  }
  return {
    view,
    async finish() {
      const { wire, id } = await signDecoded(decoded, context.key)
      const transport = latchTransport(cluster.proxyUrl)({ chain: undefined })
      try {
        // Not abortable: once the signed bytes left, the page must learn what became of them.
        await transport.request({
          method: 'sendTransaction',
          params: [base64.encode(wire), { encoding: 'base64', ...send }],
        } as never)
      } catch (error) {
        throw sendFailure(error, cluster.caip2)
      }
      // The id of the bytes sent, computed here rather than taken from the node's answer.
      return { signature: base58.encode(id) }
    },
  }
}

async function prepareSignAll(params: unknown, context: SolanaRequestContext) {
  const { MAX_BATCH_TRANSACTIONS, solanaBatchView } = await import('./decode/batch.js')
  const { transactions } = (params ?? {}) as { transactions?: unknown }
  if (!Array.isArray(transactions) || transactions.length === 0)
    throw invalid(st('sol.invalid.list'))
  if (transactions.length > MAX_BATCH_TRANSACTIONS)
    throw invalid(st('sol.invalid.tooMany', { max: MAX_BATCH_TRANSACTIONS }))
  // Every one is decoded before the view: one that cannot be shown refuses them all.
  const batch: DecodedSolanaTransaction[] = []
  for (const [i, transaction] of transactions.entries()) {
    const label = st('sol.what.nth', { n: i + 1, count: transactions.length })
    try {
      batch.push(await decodeOne(wireBytes(transaction, label), context))
    } catch (error) {
      if (!(error instanceof FrameError) || error.message.includes(label)) throw error
      throw new FrameError(`${error.message} (${label})`, error.code)
    }
  }
  return {
    view: solanaBatchView(batch, context.key.address, context.origin),
    async finish() {
      const signed = []
      for (const decoded of batch) signed.push(await signDecoded(decoded, context.key))
      return { transactions: signed.map(({ wire }) => base58.encode(wire)) }
    },
  }
}

/** Checks and decodes a Solana transaction request; throws before any view for what it refuses. */
export function prepareSolanaTransaction(
  method: string,
  params: unknown,
  context: SolanaRequestContext,
): Promise<PreparedRequest> {
  if (method === 'solana_signAndSendTransaction') return prepareSignAndSend(params, context)
  if (method === 'solana_signAllTransactions') return prepareSignAll(params, context)
  return prepareSign(params, context)
}
