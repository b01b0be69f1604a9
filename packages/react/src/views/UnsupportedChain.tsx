import { type CaipNetwork, closeModal } from '@latch/core'
import { useLatch } from '../context.js'
import { useLatchNetwork } from '../hooks/index.js'
import { notify } from '../notify.js'
import { NetworkList } from './NetworkList.js'

/** The wallet is on a network the app does not list: pick one, or disconnect. */
export function UnsupportedChain() {
  const { stores, controller, messages } = useLatch('UnsupportedChain')
  const { network, networks } = useLatchNetwork()
  const requested = networks.filter((n) => n.caipNetworkId !== network?.caipNetworkId)
  const select = (next: CaipNetwork) => {
    controller.switchNetwork(next).then(
      () => closeModal(stores.router),
      () => notify(stores, messages.networks.switchFailed, 'error'),
    )
  }
  return (
    <div className="latch-view" data-testid="view-unsupported-chain">
      <p className="latch-hint">{messages.unsupported.body}</p>
      <NetworkList networks={requested} active={undefined} onSelect={select} />
      <button
        type="button"
        className="latch-list-item latch-danger"
        onClick={() => {
          controller.disconnect().then(() => closeModal(stores.router))
        }}
      >
        <span className="latch-wallet-name">{messages.unsupported.disconnect}</span>
      </button>
    </div>
  )
}
