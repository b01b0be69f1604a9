import { LatchError } from '../../errors/base.js'

/** The one method every EIP-1193 provider has; the embedded wallet's and external wallets'. */
export interface CallsProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

export interface Call {
  /** The contract or account called. */
  to: string
  /** Calldata, hex starting with 0x (`'0x'` for a plain transfer). */
  data: string
  /** Wei. */
  value?: bigint | undefined
}

export interface SendCallsParameters {
  provider: CallsProvider
  /** The sending account: the wallet's active one. */
  from: string
  /** The EVM chain's number. */
  chainId: number
  calls: readonly Call[]
  /** Refuse instead of sending the calls one by one when the wallet cannot batch them. */
  atomicRequired?: boolean | undefined
  /** EIP-5792 capabilities passed to a wallet that has wallet_sendCalls. */
  capabilities?: Record<string, unknown> | undefined
}

export interface SendCallsResult {
  /** Hand it to `getCallsStatus`. */
  id: string
  /**
   * How the wallet sent them: `supported` all or nothing (one smart-account operation),
   * `unsupported` one transaction per call, each of which may fail on its own.
   */
  atomic: 'supported' | 'unsupported'
  /** True when the wallet has no wallet_sendCalls and each call went as its own transaction. */
  fallback: boolean
}

/** Bad input, found before any wallet is asked: `message` names the call and the field. */
export class SendCallsValidationError extends LatchError {
  override name = 'SendCallsValidationError'
  constructor(message: string) {
    super(message, { category: 'INTERNAL_SDK_ERROR' })
  }
}

/** The wallet refused or failed to send; `category` tells a refusal (USER_REJECTED) apart. */
export class SendCallsError extends LatchError {
  override name = 'SendCallsError'
  constructor(message: string, cause?: unknown) {
    super(message, { cause, category: codeOf(cause) === 4001 ? 'USER_REJECTED' : 'RPC_ERROR' })
  }
}

/** Ids of batches sent one transaction per call: the chain and the hashes, so status needs no store. */
export const FALLBACK_ID_PREFIX = 'latch-sequential:'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const DATA = /^0x([0-9a-fA-F]{2})*$/

function codeOf(error: unknown): unknown {
  // viem and wagmi wrap the wallet's error in causes.
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'number') return e.code
    e = e.cause as typeof e
  }
  return undefined
}

/**
 * A wallet's way of saying it has no such method: EIP-1193 4200, JSON-RPC -32601, or (wallets
 * that only read their own list) a message. A refusal by the user (4001) is never one of these.
 */
function methodMissing(error: unknown): boolean {
  const code = codeOf(error)
  if (code === 4200 || code === -32601) return true
  const message = String((error as { message?: unknown } | undefined)?.message ?? '')
  return code === undefined && /not (supported|found|implemented)|unsupported method/i.test(message)
}

const hex = (n: bigint | number) => `0x${n.toString(16)}`

export function checkCalls(calls: readonly Call[]): void {
  if (!Array.isArray(calls) || calls.length === 0)
    throw new SendCallsValidationError('calls must hold at least one call')
  for (const [i, call] of calls.entries()) {
    if (typeof call?.to !== 'string' || !ADDRESS.test(call.to))
      throw new SendCallsValidationError(`Call #${i + 1} needs a \`to\` address`)
    if (typeof call.data !== 'string' || !DATA.test(call.data))
      throw new SendCallsValidationError(`Call #${i + 1} needs \`data\`, hex starting with 0x`)
    if (call.value !== undefined && (typeof call.value !== 'bigint' || call.value < 0n))
      throw new SendCallsValidationError(`Call #${i + 1} has a value that is not a wei amount`)
  }
}

async function atomicStatus(p: SendCallsParameters): Promise<string | undefined> {
  try {
    const all = (await p.provider.request({
      method: 'wallet_getCapabilities',
      params: [p.from, [hex(p.chainId)]],
    })) as Record<string, { atomic?: { status?: unknown } } | undefined> | null
    const status = all?.[hex(p.chainId)]?.atomic?.status
    return typeof status === 'string' ? status : undefined
  } catch {
    // A wallet without EIP-5792 may not know the method either.
    return undefined
  }
}

/**
 * EIP-5792 `wallet_sendCalls` with the wallet that holds `from`: the embedded wallet's smart
 * account sends them as one sponsored operation, an external wallet as it supports them. A wallet
 * without the method gets one `eth_sendTransaction` per call, in order (atomic `unsupported`),
 * unless `atomicRequired`. Bad calls reject with `SendCallsValidationError` before any wallet is
 * asked. A function of its own so that apps which never batch do not bundle it.
 */
export async function sendCalls(parameters: SendCallsParameters): Promise<SendCallsResult> {
  const { provider, from, chainId, calls } = parameters
  checkCalls(calls)
  if (!ADDRESS.test(from)) throw new SendCallsValidationError('from must be an address')
  const atomic = await atomicStatus(parameters)
  const canBatch = atomic === 'supported' || atomic === 'ready'
  if (parameters.atomicRequired && atomic !== undefined && !canBatch)
    throw new SendCallsError('This wallet cannot send these calls all together')
  try {
    const answer = (await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: hex(chainId),
          from,
          atomicRequired: parameters.atomicRequired ?? false,
          calls: calls.map((c) => ({
            to: c.to,
            data: c.data,
            ...(c.value ? { value: hex(c.value) } : {}),
          })),
          ...(parameters.capabilities ? { capabilities: parameters.capabilities } : {}),
        },
      ],
    })) as { id?: unknown } | string
    // EIP-5792 v1 wallets answered the id itself.
    const id = typeof answer === 'string' ? answer : answer?.id
    if (typeof id !== 'string' || !id) throw new SendCallsError('The wallet answered no batch id')
    return { id, atomic: canBatch ? 'supported' : 'unsupported', fallback: false }
  } catch (error) {
    if (error instanceof SendCallsError) throw error
    if (!methodMissing(error)) throw new SendCallsError('The wallet did not send the calls', error)
  }
  if (parameters.atomicRequired)
    throw new SendCallsError('This wallet cannot send these calls all together')
  const hashes: string[] = []
  for (const call of calls) {
    try {
      const hash = await provider.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from,
            to: call.to,
            ...(call.data !== '0x' ? { data: call.data } : {}),
            ...(call.value ? { value: hex(call.value) } : {}),
          },
        ],
      })
      hashes.push(String(hash))
    } catch (error) {
      // The calls already sent stay sent: say how many, so the app can tell the user.
      throw new SendCallsError(
        hashes.length
          ? `The wallet sent ${hashes.length} of ${calls.length} calls, then stopped`
          : 'The wallet did not send the calls',
        error,
      )
    }
  }
  return {
    id: `${FALLBACK_ID_PREFIX}${chainId}:${hashes.join(',')}`,
    atomic: 'unsupported',
    fallback: true,
  }
}
