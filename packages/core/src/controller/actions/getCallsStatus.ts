import { LatchError } from '../../errors/base.js'
import { type CallsProvider, FALLBACK_ID_PREFIX } from './sendCalls.js'

export interface CallsReceipt {
  status: string
  transactionHash: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  logs: unknown[]
}

export interface GetCallsStatusResult {
  id: string
  /** EIP-5792's code: 100 pending, 200 confirmed, 400 failed off chain, 500 reverted, 600 partly reverted. */
  statusCode: number
  /** The code in words: pending until the chain has every call, then success or failure. */
  status: 'pending' | 'success' | 'failure'
  atomic: boolean
  receipts: CallsReceipt[]
}

export class GetCallsStatusError extends LatchError {
  override name = 'GetCallsStatusError'
  constructor(message: string, cause?: unknown) {
    super(message, { cause, category: 'RPC_ERROR' })
  }
}

const HASH = /^0x[0-9a-fA-F]{64}$/

function words(code: number): GetCallsStatusResult['status'] {
  if (code >= 100 && code < 200) return 'pending'
  return code >= 200 && code < 300 ? 'success' : 'failure'
}

/** A batch sent one transaction per call (sendCalls' fallback): each receipt from the chain. */
async function sequentialStatus(provider: CallsProvider, id: string) {
  const [chain, list] = id.slice(FALLBACK_ID_PREFIX.length).split(':')
  const hashes = (list ?? '').split(',')
  if (!chain || !/^\d+$/.test(chain) || !hashes.every((h) => HASH.test(h)))
    throw new GetCallsStatusError('Unknown batch id')
  const receipts = (await Promise.all(
    hashes.map((hash) => provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })),
  )) as (CallsReceipt | null)[]
  const found = receipts.filter((r): r is CallsReceipt => r !== null)
  const failed = found.filter((r) => r.status !== '0x1').length
  let code = 100
  if (found.length === hashes.length)
    code = failed === 0 ? 200 : failed === found.length ? 500 : 600
  return { id, statusCode: code, status: words(code), atomic: false, receipts: found }
}

/**
 * EIP-5792 `wallet_getCallsStatus` for an id from `sendCalls`: asked of the wallet for its own
 * batches, or of the chain for batches sent one transaction per call.
 */
export async function getCallsStatus(
  provider: CallsProvider,
  { id }: { id: string },
): Promise<GetCallsStatusResult> {
  if (typeof id !== 'string' || !id) throw new GetCallsStatusError('Unknown batch id')
  try {
    if (id.startsWith(FALLBACK_ID_PREFIX)) return await sequentialStatus(provider, id)
    const answer = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      status?: unknown
      atomic?: unknown
      receipts?: CallsReceipt[]
    }
    // EIP-5792 v1 wallets answered 'PENDING' / 'CONFIRMED'.
    const code =
      typeof answer?.status === 'number'
        ? answer.status
        : answer?.status === 'CONFIRMED'
          ? 200
          : answer?.status === 'PENDING'
            ? 100
            : undefined
    if (code === undefined) throw new GetCallsStatusError('The wallet answered no batch status')
    const receipts = answer.receipts ?? []
    // A v1 wallet's CONFIRMED says included, not succeeded: its receipts tell.
    const reverted = receipts.some((r) => r.status !== '0x1')
    const statusCode = code === 200 && reverted ? 500 : code
    return { id, statusCode, status: words(statusCode), atomic: answer.atomic !== false, receipts }
  } catch (error) {
    if (error instanceof GetCallsStatusError) throw error
    throw new GetCallsStatusError('The batch status could not be read', error)
  }
}
