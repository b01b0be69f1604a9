import { imageUrl } from '@latch/core'
import { fill, useLatch, useLatchModal, useLatchNetwork } from '@latch/react'
import { useAppMessages } from './messages'

/** The active network; opens the modal's network list. */
export function NetworkSwitcher() {
  const { config } = useLatch()
  const { network } = useLatchNetwork()
  const modal = useLatchModal()
  const t = useAppMessages()
  if (!network) return null
  const icon =
    network.assets.imageUrl ?? imageUrl(config.serverUrl, 'asset', network.assets.imageId)
  return (
    <button
      type="button"
      className="app-network"
      aria-haspopup="dialog"
      aria-label={fill(t.network, { name: network.name })}
      data-testid="network-switcher"
      onClick={() => modal.open({ view: 'Networks' })}
    >
      <img src={icon} alt="" width={20} height={20} />
      <span className="app-network-name">{network.name}</span>
    </button>
  )
}
