import { NoActiveAccountError, SignMessageError } from '../../errors/actionErrors.js'
import { ChainAdapterNotFoundError } from '../../errors/errors.js'
import type { ChainNamespace } from '../../networks/types.js'
import type { LatchController } from '../types.js'

export interface SignMessageParameters {
  message: string
  /** Default: the active namespace. */
  namespace?: ChainNamespace | undefined
}

export interface SignMessageResult {
  signature: string
  /** The account that signed. */
  address: string
  namespace: ChainNamespace
}

/**
 * Asks the connected wallet to sign a plain-text message with the active account. A wallet's
 * refusal rejects with a `SignMessageError` whose category is USER_REJECTED. A function of its
 * own, not a controller method, so that apps which never sign do not bundle it.
 */
export async function signMessage(
  controller: Pick<LatchController, 'stores' | 'errors' | 'getAdapter'>,
  { message, namespace }: SignMessageParameters,
): Promise<SignMessageResult> {
  const ctx = controller
  const state = ctx.stores.chain.getState()
  const chain = namespace ?? state.activeChain
  const address = chain ? state.chains[chain]?.accountState.address : undefined
  if (!chain || !address) throw ctx.errors.report(new NoActiveAccountError())
  const adapter = controller.getAdapter(chain)
  if (!adapter.signMessage) throw ctx.errors.report(new ChainAdapterNotFoundError())
  try {
    const signature = await adapter.signMessage({ address, message })
    return { signature, address, namespace: chain }
  } catch (cause) {
    const error = new SignMessageError({ cause })
    // A refusal is the visitor's choice, not a fault to report.
    if (error.category !== 'USER_REJECTED') ctx.errors.report(error)
    throw error
  }
}
