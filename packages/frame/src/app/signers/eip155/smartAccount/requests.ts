import { type Hex, isHex, toHex } from 'viem'
import type { ApprovalView } from '../../../decode/view.js'
import { FrameError } from '../../../handler.js'
import { t } from '../../../i18n/index.js'
import type { PreparedRequest } from '../../types.js'
import { type BatchFacts, batchFacts } from '../batchFacts.js'
import type { TokenBook } from '../decode/format.js'
import type { Request } from '../decode/simulate.js'
import { reviewCalls } from '../review.js'
import { type BatchCall, parseSendCalls } from './calls.js'
import type { SmartAccountSession } from './session.js'
import { callsStatus, parseCallsId } from './status.js'

/** EIP-5792 methods the frame answers without a view (core marks them wallet, not signing). */
export const CALLS_LOCAL_METHODS = new Set(['wallet_getCapabilities', 'wallet_getCallsStatus'])

const needsSmartAccount = () =>
  new FrameError(
    'Batched calls need your smart account on this network: switch to it, or send one transaction per call',
    4200,
  )

/**
 * `wallet_getCapabilities` and `wallet_getCallsStatus`. The EOA reports no capability, so a kit
 * falls back to one transaction per call; the smart account is atomic and sponsored.
 */
export async function answerCallsLocally(
  method: string,
  params: unknown,
  chainId: number,
  session: SmartAccountSession | undefined,
): Promise<unknown> {
  if (method === 'wallet_getCapabilities') {
    if (!session) return {}
    const capabilities = { atomic: { status: 'supported' }, paymasterService: { supported: true } }
    return { [toHex(chainId)]: capabilities }
  }
  const id = parseCallsId(params)
  if (!session) throw new FrameError('Unknown bundle id', 5730)
  try {
    return callsStatus(id, chainId, await session.receipt(id))
  } catch (error) {
    if (error instanceof FrameError) throw error
    throw new FrameError('The bundler could not be asked for this batch')
  }
}

/**
 * `wallet_sendCalls`: checked first (a call lacking `to` or hex data is refused before any view),
 * then one view listing every call, then one sponsored user operation answering `{ id }`.
 */
export async function prepareSendCalls(
  params: unknown,
  chainId: number,
  smartAccount: () => Promise<SmartAccountSession | undefined>,
  request_: Request,
): Promise<PreparedRequest> {
  const request = parseSendCalls(params)
  if (request.chainId !== undefined && request.chainId !== chainId)
    throw new FrameError(`Unsupported chain id: this batch is for chain ${request.chainId}`, 5710)
  const session = await smartAccount()
  if (!session) throw needsSmartAccount()
  if (request.from && request.from.toLowerCase() !== session.address.toLowerCase())
    throw new FrameError('The batch names a sender that is not this account', 4100)
  // Token symbols and decimals from the chain, so amounts read in units (a token that does not
  // answer is shown in raw units), and the batch simulated from the smart account.
  const facts = await batchFacts(request_, session.address, request.calls)
  const view = batchView(request.calls, chainId, session, facts.tokens, facts)
  return {
    view,
    finish: async () => ({ id: await session.sendCalls(request.calls) }),
  }
}

/** The calls decoded as transactions (review.ts), and what sending them as one operation means. */
export function batchView(
  calls: readonly BatchCall[],
  chainId: number,
  session: Pick<SmartAccountSession, 'address'>,
  tokens?: TokenBook,
  chain: Partial<Pick<BatchFacts, 'simulation' | 'now'>> = {},
): ApprovalView {
  const decoded = reviewCalls(
    [{ calls: calls.map((c) => ({ to: c.to, data: c.data, value: toHex(c.value) })) }],
    chainId,
    {
      from: session.address,
      ...(tokens ? { tokens } : {}),
      ...(chain.simulation ? { simulation: chain.simulation } : {}),
      ...(chain.now !== undefined ? { now: chain.now } : {}),
    },
  )
  return {
    ...decoded,
    title: calls.length === 1 ? t('batch.one') : t('batch.many', { count: calls.length }),
    sections: [
      {
        title: t('batch.section'),
        fields: [
          { label: t('batch.from'), value: session.address, mono: true },
          { label: t('batch.calls'), value: String(calls.length) },
          { label: t('batch.how'), value: t('batch.atomic') },
          { label: t('batch.fee'), value: t('batch.sponsor') },
        ],
      },
      ...decoded.sections,
    ],
  }
}

/** A single transaction from the smart account: one call, answered with the transaction's hash. */
export async function sendOneCall(
  session: SmartAccountSession,
  tx: { to?: Hex | undefined; data?: Hex | undefined; value?: Hex | undefined },
): Promise<Hex> {
  if (!tx.to) throw new FrameError('A smart account cannot deploy a contract this way', -32602)
  const data = tx.data && isHex(tx.data) ? tx.data : '0x'
  const value = tx.value && isHex(tx.value) ? BigInt(tx.value) : 0n
  const hash = await session.sendCalls([{ to: tx.to, data, value }])
  const receipt = await session.waitForReceipt(hash)
  return receipt.receipt.transactionHash
}
