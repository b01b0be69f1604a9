import { closeModal, errorMessages, pushView, showAlert, truncateAddress } from '@latch/core'
import { useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/index.js'
import { fill } from '../messages.js'

/**
 * docs/behaviour.md#views (ProfileWallets): the wallets connected on the active namespace, the
 * active one marked; switch, disconnect one or all, add another when the project enables
 * multi-wallet (otherwise the 'Multi-Wallet Not Enabled' alert).
 */
export function ProfileWallets() {
  const { stores, controller, messages } = useLatch('ProfileWallets')
  const { namespace } = useLatchAccount()
  const connections = useStore(stores.connections, (s) =>
    namespace ? (s.connections[namespace] ?? []) : [],
  )
  const active = useStore(stores.connectors, (s) =>
    namespace ? s.activeConnectorIds[namespace] : undefined,
  )
  const connectors = useStore(stores.connectors, (s) => s.connectors)
  const multiWallet = useStore(stores.options, (s) => s.features.multiWallet)
  const [busy, setBusy] = useState(false)
  const t = messages.wallets
  if (!namespace) return null

  const nameOf = (connectorId: string) =>
    connectors.find((c) => c.id.toLowerCase() === connectorId.toLowerCase())?.name ?? connectorId
  const run = (action: () => Promise<unknown>) => {
    setBusy(true)
    action()
      .catch(() => {})
      .finally(() => setBusy(false))
  }

  return (
    <div className="latch-view" data-testid="view-profile-wallets">
      <ul className="latch-list" aria-busy={busy}>
        {connections.map((connection) => {
          const name = nameOf(connection.connectorId)
          const isActive = connection.connectorId.toLowerCase() === active?.toLowerCase()
          const address = connection.accounts[0]?.address ?? ''
          return (
            <li
              key={connection.connectorId}
              className="latch-list-item latch-profile-wallet"
              data-testid="profile-wallet"
              data-connector-id={connection.connectorId}
              aria-current={isActive ? 'true' : undefined}
            >
              <span className="latch-wallet-name">
                {name}{' '}
                <span className="latch-hint" title={address}>
                  {truncateAddress(address)}
                </span>
              </span>
              {isActive ? (
                <span className="latch-tag">{t.active}</span>
              ) : (
                <button
                  type="button"
                  className="latch-link-button"
                  aria-label={fill(t.switchLabel, { name })}
                  disabled={busy}
                  onClick={() =>
                    run(() =>
                      controller.switchConnection({
                        namespace,
                        connectorId: connection.connectorId,
                      }),
                    )
                  }
                >
                  {t.switchTo}
                </button>
              )}
              <button
                type="button"
                className="latch-link-button"
                aria-label={fill(t.disconnectLabel, { name })}
                disabled={busy}
                onClick={() =>
                  run(() =>
                    controller.disconnect({ namespace, connectorId: connection.connectorId }),
                  )
                }
              >
                {t.disconnect}
              </button>
            </li>
          )
        })}
      </ul>
      <div className="latch-actions-row">
        <button
          type="button"
          className="latch-secondary-button"
          data-testid="add-wallet"
          onClick={() => {
            if (multiWallet) pushView(stores.router, 'Connect')
            else showAlert(stores.alerts, errorMessages.multiWalletNotEnabled, 'info')
          }}
        >
          {t.add}
        </button>
        <button
          type="button"
          className="latch-secondary-button latch-danger"
          disabled={busy}
          onClick={() => run(() => controller.disconnect().then(() => closeModal(stores.router)))}
        >
          {t.disconnectAll}
        </button>
      </div>
    </div>
  )
}
