import { namespaceTraits } from '../../adapters/registry.js'
import type { SendEstimate } from '../../adapters/types.js'
import {
  NoActiveAccountError,
  SendTokenError,
  SendValidationError,
  UnsupportedSendChainError,
} from '../../errors/actionErrors.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { tokenContract, validateSend } from '../../send/validate.js'
import type { TokenBalance } from '../../stores/account.js'
import { resetSend } from '../../stores/send.js'
import type { LatchController } from '../types.js'

type Controller = Pick<LatchController, 'stores' | 'errors' | 'getAdapter'>

export interface SendTokenParameters {
  token: TokenBalance
  /** Decimal amount, as typed. */
  amount: string
  to: string
  /** From {@link estimateSend}: the fee caps the preview showed. */
  estimate?: SendEstimate | undefined
  /** The fee rate the visitor picked, for adapters that offer rates (`feeRates`). */
  feeRate?: number | undefined
}

export interface SendTokenResult {
  hash: string
  from: string
  namespace: ChainNamespace
  network: CaipNetwork
}

function active(controller: Controller) {
  const state = controller.stores.chain.getState()
  const namespace = state.activeChain
  const chainState = namespace ? state.chains[namespace] : undefined
  const from = chainState?.accountState.address
  const network = chainState?.networkState.caipNetwork
  if (!namespace || !from || !network) throw controller.errors.report(new NoActiveAccountError())
  return { namespace, from, network }
}

function adapterFor(controller: Controller, namespace: ChainNamespace) {
  // docs/behaviour.md#flows (Send): only the namespaces whose traits say they send.
  const adapter = namespaceTraits(namespace)?.features.send
    ? controller.getAdapter(namespace)
    : undefined
  if (!adapter?.sendToken) throw controller.errors.report(new UnsupportedSendChainError(namespace))
  return adapter
}

/** The network fee of sending `token` (an amount of 0 when none is typed yet) to `to`. */
export async function estimateSend(
  controller: Controller,
  { token, amount, to, feeRate }: Omit<SendTokenParameters, 'estimate'>,
): Promise<SendEstimate | undefined> {
  const { namespace, from, network } = active(controller)
  const adapter = adapterFor(controller, namespace)
  if (!adapter.estimateSend) return undefined
  const check = validateSend({ token, amount, receiver: to, namespace })
  return adapter.estimateSend({
    from,
    to: check.ok ? check.to : from,
    network,
    value: check.ok ? check.value : 0n,
    tokenAddress: tokenContract(token),
    feeRate,
  })
}

/**
 * docs/behaviour.md#flows (Send): marks the send store loading, asks the wallet of the active
 * account to send, and resets the form once the wallet has signed. Bad input rejects with a
 * `SendValidationError` before the wallet is asked; a refusal with a `SendTokenError` whose
 * category is USER_REJECTED. A function of its own so that apps which never send do not bundle it.
 */
export async function sendToken(
  controller: Controller,
  { token, amount, to, estimate, feeRate }: SendTokenParameters,
): Promise<SendTokenResult> {
  const { namespace, from, network } = active(controller)
  const adapter = adapterFor(controller, namespace)
  const check = validateSend({ token, amount, receiver: to, namespace, fee: estimate?.fee })
  if (!check.ok) throw new SendValidationError(check.message)
  const store = controller.stores.send
  store.setState({ loading: true })
  try {
    const hash = await adapter.sendToken?.({
      from,
      to: check.to,
      network,
      value: check.value,
      tokenAddress: check.tokenAddress,
      estimate,
      feeRate,
    })
    if (!hash) throw new UnsupportedSendChainError(namespace)
    resetSend(store)
    return { hash, from, namespace, network }
  } catch (cause) {
    store.setState({ loading: false })
    const error = new SendTokenError({ cause, chainName: network.name })
    if (error.category !== 'USER_REJECTED') controller.errors.report(error)
    throw error
  }
}

/** Resolves once the chain has the transaction: 'success', or 'reverted' when it failed there. */
export async function waitForTransaction(
  controller: Controller,
  { hash, namespace, network }: Pick<SendTokenResult, 'hash' | 'namespace' | 'network'>,
): Promise<{ status: 'success' | 'reverted' }> {
  const adapter = controller.getAdapter(namespace)
  if (!adapter.waitForTransaction)
    throw controller.errors.report(new UnsupportedSendChainError(namespace))
  return adapter.waitForTransaction({ hash, network })
}
