import { type CaipNetwork, closeModal } from '@latch/core'
import { useLatch } from '../context.js'
import { useLatchNetwork } from '../hooks/index.js'
import type { Messages, OccasionalMessages } from '../messages.js'
import { notify } from '../notify.js'
import { NetworkList } from './NetworkList.js'

const english: OccasionalMessages['unsupported'] = {
  body: "This app doesn't support your current network. Switch to an available option to continue.",
  disconnect: 'Disconnect',
}

/** The unsupported strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const unsupportedMessages = (messages: Messages) => ({ ...english, ...messages.unsupported })

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
      <p className="latch-hint">{unsupportedMessages(messages).body}</p>
      <NetworkList networks={requested} active={undefined} onSelect={select} />
      <button
        type="button"
        className="latch-list-item latch-danger"
        onClick={() => {
          controller.disconnect().then(() => closeModal(stores.router))
        }}
      >
        <span className="latch-wallet-name">{unsupportedMessages(messages).disconnect}</span>
      </button>
    </div>
  )
}
