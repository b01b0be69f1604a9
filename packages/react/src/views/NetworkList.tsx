import type { CaipNetwork } from '@latch/core'
import { useLatch } from '../context.js'
import { networkImageUrl } from './networkImage.js'

/** Networks as a list of buttons; the active one is marked and pressed. */
export function NetworkList({
  networks,
  active,
  onSelect,
}: {
  networks: CaipNetwork[]
  active: CaipNetwork | undefined
  onSelect: (network: CaipNetwork) => void
}) {
  const { config, messages } = useLatch('NetworkList')
  return (
    <ul className="latch-list" aria-label={messages.networks.listLabel}>
      {networks.map((network) => {
        const isActive = network.caipNetworkId === active?.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="latch-list-item"
              aria-current={isActive ? 'true' : undefined}
              data-testid={`network-${network.caipNetworkId}`}
              onClick={() => onSelect(network)}
            >
              <img
                className="latch-network-image"
                src={networkImageUrl(config.serverUrl, network)}
                alt=""
              />
              <span className="latch-wallet-name">{network.name}</span>
              {isActive ? <span className="latch-tag">{messages.networks.active}</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
