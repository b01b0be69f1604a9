import { closeModal, goBack, selectRoute } from '@latch/core'
import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { notify } from '../notify.js'
import { networkImageUrl } from './networkImage.js'

/**
 * The pending switch: the wallet is asked once; success returns to where the list was opened
 * from (or closes), a failure goes back to the list with an alert.
 */
export function SwitchNetwork() {
  const { stores, controller, config, messages } = useLatch('SwitchNetwork')
  const target = useStore(stores.router, (s) => selectRoute(s, 'SwitchNetwork')?.network)
  const asked = useRef<string | undefined>(undefined)
  const t = messages.networks

  useEffect(() => {
    if (!target || asked.current === target.caipNetworkId) return
    asked.current = target.caipNetworkId
    controller.switchNetwork(target).then(
      () => {
        const { history, route } = stores.router.getState()
        // Another view took over meanwhile (sign-in on the new network, say): it stays.
        if (route.view !== 'SwitchNetwork') return
        // Back past the pending view and the list: to Account, or closed when opened on the list.
        if (history.length > 2) {
          goBack(stores.router)
          goBack(stores.router)
        } else closeModal(stores.router)
      },
      () => {
        goBack(stores.router)
        notify(stores, t.switchFailed, 'error')
      },
    )
  }, [target, controller, stores, t.switchFailed])

  return (
    <div className="latch-view latch-connecting" data-testid="view-switch-network">
      <div className="latch-connecting-visual">
        {target ? (
          <img
            className="latch-wallet-image latch-wallet-image--large"
            src={networkImageUrl(config.serverUrl, target)}
            alt=""
          />
        ) : null}
        <span className="latch-spinner latch-spinner--ring" aria-hidden="true" />
      </div>
      <div role="status">
        <p className="latch-connecting-title">{t.switching}</p>
        <p className="latch-hint">{t.switchingBody}</p>
      </div>
    </div>
  )
}
