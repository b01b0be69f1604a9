import {
  type CaipNetwork,
  closeModal,
  goBack,
  type LatchStores,
  namespaceTraits,
  pushView,
  type RouteOf,
  replaceView,
  selectRoute,
} from '@latch/core'
import { useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { networkImageUrl } from './networkImage.js'

const english: OccasionalMessages['switchActiveChain'] = {
  heading: 'Switch to {chain}',
  body: "The wallet connected on {current} doesn't reach {chain}. Switch, then connect a wallet there.",
  switch: 'Switch',
  failed: "Couldn't switch to {chain}. Try again.",
}

export const switchActiveChainMessages = (messages: Messages) => ({
  ...english,
  ...messages.switchActiveChain,
})

/** The network to land on: the route's, else the one the namespace was last on, else its first. */
function targetNetwork(
  stores: LatchStores,
  route: RouteOf<'SwitchActiveChain'>,
): CaipNetwork | undefined {
  const chain = stores.chain.getState().chains[route.switchToChain]
  return route.network ?? chain?.networkState.caipNetwork ?? chain?.caipNetworks[0]
}

/**
 * docs/behaviour.md#views: another namespace is needed (a network of it was picked while the
 * wallet connected here cannot reach it, or email was asked for where it is not offered). The
 * visitor confirms; the namespace becomes active, then `navigateTo` opens (replacing this view
 * when `navigateWithReplace`), or the modal goes back.
 */
export function SwitchActiveChain() {
  const { stores, controller, config, messages } = useLatch('SwitchActiveChain')
  const route = useStore(stores.router, (s) => selectRoute(s, 'SwitchActiveChain'))
  const current = useStore(stores.chain, (s) => s.activeChain)
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  if (!route) return null
  const t = switchActiveChainMessages(messages)
  const network = targetNetwork(stores, route)
  // The catalogue's name when it has one, else the family's label from its registered adapter
  // ("Bitcoin", not its namespace); the bare namespace only when the app has no adapter of it.
  const name = (namespace: string | undefined) =>
    namespace
      ? (messages.namespaces[namespace] ?? namespaceTraits(namespace)?.label ?? namespace)
      : ''
  const chain = name(route.switchToChain)

  const confirm = async () => {
    setState('busy')
    try {
      // A namespace the app does not offer has no network: the same failure as a refused switch.
      if (!network || (await controller.switchNetwork(network)) === undefined)
        throw new Error('no network')
    } catch {
      setState('failed')
      return
    }
    const { navigateTo, navigateWithReplace } = route
    if (navigateTo) (navigateWithReplace ? replaceView : pushView)(stores.router, navigateTo)
    else if (stores.router.getState().history.length > 1) goBack(stores.router)
    else closeModal(stores.router)
  }

  return (
    <div className="latch-view latch-connecting" data-testid="view-switch-active-chain">
      <div className="latch-connecting-visual">
        {network ? (
          <img
            className="latch-wallet-image latch-wallet-image--large"
            src={networkImageUrl(config.serverUrl, network)}
            alt=""
          />
        ) : null}
      </div>
      <p className="latch-connecting-title">{fill(t.heading, { chain })}</p>
      <p className="latch-hint">{fill(t.body, { chain, current: name(current) })}</p>
      {state === 'failed' ? (
        <p className="latch-field-error" role="alert">
          {fill(t.failed, { chain })}
        </p>
      ) : null}
      <button
        type="button"
        className="latch-primary-button"
        disabled={state === 'busy'}
        onClick={() => void confirm()}
        data-testid="switch-active-chain"
      >
        {t.switch}
      </button>
    </div>
  )
}
