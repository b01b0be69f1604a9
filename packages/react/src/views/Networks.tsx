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
