import { type CaipNetwork, closeModal, goBack, pushView } from '@latch/core'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'
import { NetworkList } from './NetworkList.js'

/** Every network the app lists; picking one asks the wallet (SwitchNetwork) when connected. */
export function Networks() {
  const { stores, controller } = useLatch('Networks')
  const { network, networks } = useLatchNetwork()
  const account = useLatchAccount()

  const select = (next: CaipNetwork) => {
    if (next.caipNetworkId === network?.caipNetworkId) {
      goBack(stores.router)
      return
    }
    const namespace = next.chainNamespace
    const { chains, activeChain } = stores.chain.getState()
    const { activeConnectorIds, connectors } = stores.connectors.getState()
    const activeId = activeChain && activeConnectorIds[activeChain]
    const carried = connectors.some(
      (c) => c.id === activeId && c.chain === namespace && c.type === 'AUTH',
    )
    // A namespace where nothing is connected, left by a connected wallet that cannot follow (the
    // embedded wallet follows on its own namespaces): the visitor confirms the switch and connects
    // there (docs/behaviour.md#views, SwitchActiveChain).
    if (
      account.isConnected &&
      namespace !== activeChain &&
      !chains[namespace]?.accountState.address &&
      !carried
    ) {
      pushView(stores.router, {
        view: 'SwitchActiveChain',
        switchToChain: namespace,
        network: next,
        navigateTo: 'Connect',
        navigateWithReplace: true,
      })
      return
    }
    if (account.isConnected) {
      pushView(stores.router, { view: 'SwitchNetwork', network: next })
      return
    }
    controller.switchNetwork(next).then(
      () => {
        if (stores.router.getState().history.length > 1) goBack(stores.router)
        else closeModal(stores.router)
      },
      () => {},
    )
  }

  return (
    <div className="latch-view" data-testid="view-networks">
      <NetworkList networks={networks} active={network} onSelect={select} />
    </div>
  )
}
