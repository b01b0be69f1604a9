import { latchTransport } from '@latch/core'
import { base58 } from '@scure/base'
import { createWalletClient, fromHex, isHex, type TypedDataDefinition } from 'viem'
import type { DerivedWallet } from './custody/keys.js'
import type { ApprovalView } from './decode/view.js'
import { FrameError } from './handler.js'
import {
  genericView,
  type ReviewContext,
  reviewCalls,
  reviewMessage,
  reviewSolanaMessage,
  reviewTransaction,
  reviewTypedData,
  type TxParams,
} from './review.js'
import type { ApprovalRequest } from './ui/approve.js'

/** docs/behaviour.md#access: answered from the network through the server's RPC proxy. */
export const SAFE_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_getCode',
  'eth_getLogs',
  'net_version',
])

/** Answered by the frame itself. */
export const LOCAL_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_getCapabilities',
])

/** docs/behaviour.md#access: need the user's approval in the frame's own UI, then are signed in the frame. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

/** Decoded, shown and signed by solanaRequests.ts, loaded with the first of them. */
const SOLANA_TRANSACTION_METHODS: ReadonlySet<string> = new Set([
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
])

/** docs/behaviour.md#limits. */
export const RPC_REJECTION_DELAY_MS = 300

export class UserRejectedError extends FrameError {
  override name = 'UserRejectedError'
  constructor() {
    super('User rejected the request.', 4001)
  }
}

export class RequestAbortedError extends FrameError {
  override name = 'RequestAbortedError'
  constructor() {
    super('Request was aborted')
  }
}

export interface RpcContext {
  wallet: DerivedWallet
  chainId: number
  /** The server's proxy for `chainId`; unused (and may be empty) for Solana requests. */
  proxyUrl: string
  /** The Solana cluster of the request, for what is sent: solana_signAndSendTransaction. */
  solanaCluster?: { caip2: string; proxyUrl: string } | undefined
  origin: string
  dappName?: string | undefined
  /** Lower-case addresses of contracts this account has sent transactions to. */
  usedContracts?: ReadonlySet<string> | undefined
  /** Called with a transaction's target once it was sent. */
  rememberContract?(address: string): void
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<boolean>
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new RequestAbortedError())
      },
      { once: true },
    )
  })

const asArray = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])

/**
 * docs/behaviour.md#access: reads go to the server's proxy, unsafe methods through the approval UI and are
 * signed here, anything else is refused after 300 ms.
 */
export async function handleRpc(
  request: { method: string; params?: unknown },
  context: RpcContext,
  signal: AbortSignal,
): Promise<unknown> {
  const { method } = request
  const params = asArray(request.params)
  const { wallet } = context
  if (signal.aborted) throw new RequestAbortedError()
  if (LOCAL_METHODS.has(method)) {
    if (method === 'eth_chainId') return `0x${context.chainId.toString(16)}`
    if (method === 'wallet_getCapabilities') return {}
    return [wallet.evm.address]
  }
  const transport = () => latchTransport(context.proxyUrl)({ chain: undefined })
  if (SAFE_METHODS.has(method)) {
    try {
      return await transport().request({ method, params } as never, { signal } as never)
    } catch (error) {
      if (signal.aborted) throw new RequestAbortedError()
      const e = error as { code?: unknown; details?: unknown; shortMessage?: unknown }
      throw new FrameError(
        typeof e.details === 'string' ? e.details : String(e.shortMessage ?? 'RPC request failed'),
        typeof e.code === 'number' ? e.code : undefined,
      )
    }
  }
  if (!UNSAFE_METHODS.has(method)) {
    await sleep(RPC_REJECTION_DELAY_MS, signal)
    throw new FrameError('Requested RPC call is not allowed', 4200)
  }
  const review: ReviewContext = {
    chainId: context.chainId,
    origin: context.origin,
    account: wallet.evm.address,
    request: (args) => transport().request(args as never, { signal } as never),
    usedContracts: context.usedContracts,
  }
  // Decode first: a request that cannot be shown faithfully is refused before any view exists,
  // and what is signed is the parsed value the view was built from.
  let view: ApprovalView
  let toSign: unknown = request.params
  let finish: (() => Promise<unknown>) | undefined
  if (SOLANA_TRANSACTION_METHODS.has(method)) {
    // Loaded on the first Solana transaction: EVM-only users never fetch it or @solana/kit.
    const { prepareSolanaRequest } = await import('./solanaRequests.js')
    const prepared = await prepareSolanaRequest(method, request.params, {
      wallet,
      origin: context.origin,
      cluster: context.solanaCluster,
    })
    view = prepared.view
    finish = prepared.finish
  } else if (method === 'personal_sign') view = reviewMessage(params, context.origin)
  else if (method === 'solana_signMessage')
    view = reviewSolanaMessage(request.params, context.origin)
  else if (method === 'eth_signTypedData_v4') {
    const reviewed = await reviewTypedData(params[1], review)
    view = reviewed.view
    toSign = reviewed.parsed.definition
  } else if (method === 'eth_sendTransaction')
    view = await reviewTransaction((params[0] ?? {}) as TxParams, review)
  else if (method === 'wallet_sendCalls') view = reviewCalls(request.params, context.chainId)
  else view = genericView(method, request.params)
  if (signal.aborted) throw new RequestAbortedError()
  const approved = await context.approve(
    { method, origin: context.origin, dappName: context.dappName, view },
    signal,
  )
  if (signal.aborted) throw new RequestAbortedError()
  if (!approved) throw new UserRejectedError()
  if (finish) return finish()
  return sign(method, method === 'eth_signTypedData_v4' ? toSign : request.params, context)
}

async function sign(method: string, rawParams: unknown, context: RpcContext): Promise<unknown> {
  const params = asArray(rawParams)
  const { evm, solana } = context.wallet
  if (method === 'solana_signMessage') {
    const { message } = (rawParams ?? {}) as { message?: unknown }
    if (typeof message !== 'string') throw new FrameError('Invalid message', -32602)
    return { signature: base58.encode(solana.sign(base58.decode(message))) }
  }
  if (method === 'personal_sign') {
    const message = params[0]
    if (typeof message !== 'string') throw new FrameError('Invalid message', -32602)
    return evm.signMessage({ message: isHex(message) ? { raw: message } : message })
  }
  if (method === 'eth_signTypedData_v4') return evm.signTypedData(rawParams as TypedDataDefinition)
  if (method === 'eth_sendTransaction') {
    const tx = (params[0] ?? {}) as TxParams
    const client = createWalletClient({ account: evm, transport: latchTransport(context.proxyUrl) })
    try {
      const hash = await client.sendTransaction({
        chain: null,
        to: tx.to,
        value: tx.value ? fromHex(tx.value, 'bigint') : undefined,
        data: tx.data,
        gas: tx.gas ? fromHex(tx.gas, 'bigint') : undefined,
        nonce: tx.nonce ? fromHex(tx.nonce, 'number') : undefined,
      } as never)
      if (tx.to && tx.data && tx.data !== '0x') context.rememberContract?.(tx.to)
      return hash
    } catch (error) {
      throw new FrameError(
        (error as { shortMessage?: string }).shortMessage ?? 'Transaction failed',
      )
    }
  }
  throw new FrameError(`${method} is not supported by this wallet yet`, 4200)
}
