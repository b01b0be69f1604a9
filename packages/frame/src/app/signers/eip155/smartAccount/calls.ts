import { type Hex, isAddress, isHex } from 'viem'
import { FrameError } from '../../../handler.js'

/** One call of an EIP-5792 batch, as checked here and then shown and sent. */
export interface BatchCall {
  to: Hex
  data: Hex
  value: bigint
}

export interface SendCallsRequest {
  calls: BatchCall[]
  /** The chain the page names for the batch (EIP-5792 `chainId`), if it names one. */
  chainId: number | undefined
  /** The sender the page expects, if it names one: it must be the active account. */
  from: Hex | undefined
  atomicRequired: boolean
}

/** A batch larger than this is refused: one approval view must stay readable. */
export const MAX_BATCH_CALLS = 16

const invalid = (why: string) => new FrameError(`Invalid wallet_sendCalls request: ${why}`, -32602)

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/

/**
 * `wallet_sendCalls` params, checked before any approval view exists (seed §5): every call needs
 * a `to` address and calldata that is hex starting with 0x, so what the view shows is exactly
 * what is sent. A call without data is refused rather than read as a plain transfer: a page that
 * means "send ETH" says `data: '0x'`.
 */
export function parseSendCalls(params: unknown): SendCallsRequest {
  const first = Array.isArray(params) ? params[0] : undefined
  if (typeof first !== 'object' || first === null) throw invalid('expected [{ calls }]')
  const request = first as Record<string, unknown>
  if (!Array.isArray(request.calls) || request.calls.length === 0)
    throw invalid('calls must be a non-empty list')
  if (request.calls.length > MAX_BATCH_CALLS)
    throw new FrameError(`A batch may hold at most ${MAX_BATCH_CALLS} calls`, 5740)
  const calls = request.calls.map((raw, i): BatchCall => {
    const call = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
    if (typeof call.to !== 'string' || !isAddress(call.to, { strict: false }))
      throw invalid(`call #${i + 1} has no valid \`to\` address`)
    if (typeof call.data !== 'string' || !call.data.startsWith('0x') || !isHex(call.data))
      throw invalid(`call #${i + 1} needs \`data\`, hex starting with 0x`)
    if (call.data.length % 2 !== 0) throw invalid(`call #${i + 1} has an odd number of hex digits`)
    if (call.value !== undefined && (typeof call.value !== 'string' || !QUANTITY.test(call.value)))
      throw invalid(`call #${i + 1} has a value that is not a hex quantity`)
    return {
      to: call.to as Hex,
      data: call.data as Hex,
      value: call.value === undefined ? 0n : BigInt(call.value as string),
    }
  })
  let chainId: number | undefined
  if (request.chainId !== undefined) {
    if (typeof request.chainId !== 'string' || !QUANTITY.test(request.chainId))
      throw invalid('chainId must be a hex quantity')
    chainId = Number(BigInt(request.chainId))
  }
  if (request.from !== undefined && (typeof request.from !== 'string' || !isAddress(request.from)))
    throw invalid('from must be an address')
  // Capabilities the wallet does not know and the page marks as required cannot be honoured.
  const capabilities = request.capabilities
  if (capabilities !== undefined) {
    if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))
      throw invalid('capabilities must be an object')
    for (const [name, value] of Object.entries(capabilities)) {
      const optional = (value as { optional?: unknown } | null)?.optional === true
      if (!KNOWN_CAPABILITIES.has(name) && !optional)
        throw new FrameError(`Unsupported capability: ${name.slice(0, 64)}`, 5700)
    }
  }
  return {
    calls,
    chainId,
    from: request.from as Hex | undefined,
    atomicRequired: request.atomicRequired === true,
  }
}

/**
 * Capabilities this wallet honours. `paymasterService` is accepted but always served by Latch's
 * own server (its /v1/paymaster): a page-supplied URL is never called, so a page cannot make the
 * frame talk to a server of its choosing.
 */
const KNOWN_CAPABILITIES = new Set(['paymasterService', 'atomic'])
