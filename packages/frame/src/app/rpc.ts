import type { DerivedWallet } from './custody/keys.js'
import { FrameError } from './handler.js'
import { RequestAbortedError, UserRejectedError } from './rpcErrors.js'
import { signerForMethod } from './signers/registry.js'
import type { KeyValueStorage, RequestContext } from './signers/types.js'
import type { ApprovalRequest } from './ui/approve.js'

export { RequestAbortedError, UserRejectedError }

/** docs/behaviour.md#limits. */
export const RPC_REJECTION_DELAY_MS = 300

export interface RpcContext {
  wallet: DerivedWallet
  /** The frame's active chain (CAIP-2, or a bare EVM number). */
  activeChainId: string | number
  /** The server's JSON-RPC proxy for a chain. */
  proxyUrl(chainId: string | number): string
  origin: string
  dappName?: string | undefined
  /** The frame origin's storage, for what a namespace remembers per account. */
  storage?: KeyValueStorage | undefined
  smartAccount?: RequestContext['smartAccount']
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

/**
 * docs/behaviour.md#access: the method's namespace answers it. Reads go to the server's proxy,
 * signing methods through the approval UI and are signed here, anything else is refused after
 * 300 ms.
 */
export async function handleRpc(
  request: { method: string; params?: unknown; chainId?: unknown },
  context: RpcContext,
  signal: AbortSignal,
): Promise<unknown> {
  const { method, params } = request
  const signer = signerForMethod(method)
  // Resolves the request's chain first: a chain the namespace cannot use refuses at once.
  const requests = signer.open({
    key: context.wallet.keyOf(signer),
    requestedChainId: request.chainId,
    activeChainId: context.activeChainId,
    proxyUrl: context.proxyUrl,
    origin: context.origin,
    storage: context.storage,
    smartAccount: context.smartAccount,
  })
  if (signal.aborted) throw new RequestAbortedError()
  if (signer.methods.local.has(method)) return requests.local(method, params)
  if (signer.methods.read.has(method)) return requests.read(method, params, signal)
  if (!signer.methods.signing.has(method)) {
    await sleep(RPC_REJECTION_DELAY_MS, signal)
    throw new FrameError('Requested RPC call is not allowed', 4200)
  }
  // Decode first: a request that cannot be shown faithfully is refused before any view exists,
  // and what is signed is the parsed value the view was built from.
  const prepared = await requests.prepare(method, params, signal)
  if (signal.aborted) throw new RequestAbortedError()
  const approved = await context.approve(
    { method, origin: context.origin, dappName: context.dappName, view: prepared.view },
    signal,
  )
  if (signal.aborted) throw new RequestAbortedError()
  if (!approved) throw new UserRejectedError()
  return prepared.finish()
}
