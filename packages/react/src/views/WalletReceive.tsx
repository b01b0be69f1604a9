import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/index.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { CheckIcon, CopyIcon } from '../modal/icons.js'
import { ensureWalletStyles } from '../theme/walletStyles.js'
import { QrCode } from './QrCode.js'
import { useCopyFeedback } from './useCopyFeedback.js'

const english: OccasionalMessages['receive'] = {
  qr: 'QR code of your address',
  copy: 'Copy address',
  copied: 'Address copied',
  worksOn: 'This address receives on',
  warning: 'Send only {namespace} assets to this address.',
}

/** The receive strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const receiveMessages = (messages: Messages) => ({ ...english, ...messages.receive })

/** docs/behaviour.md#views (WalletReceive): the address to receive at, as text and as a QR code. */
export function WalletReceive() {
  const { stores, messages } = useLatch('WalletReceive')
  const { address, namespace } = useLatchAccount()
  const networks = useStore(stores.chain, (s) =>
    namespace ? s.chains[namespace]?.caipNetworks : undefined,
  )
  const { copied, copy } = useCopyFeedback()
  const t = receiveMessages(messages)
  ensureWalletStyles()

  if (!address) return null
  return (
    <div className="latch-view latch-receive" data-testid="view-receive">
      <QrCode text={address} label={t.qr} testId="receive-qr" />
      <div className="latch-receive-address">
        <p className="latch-mono" data-testid="receive-address">
          {address}
        </p>
        <button
          type="button"
          className="latch-secondary-button latch-copy-button"
          onClick={() => copy(address)}
        >
          {copied ? <CheckIcon /> : <CopyIcon />} {copied ? t.copied : t.copy}
        </button>
        <span className="latch-visually-hidden" role="status">
          {copied ? t.copied : ''}
        </span>
      </div>
      <p className="latch-receive-warning">
        {fill(t.warning, { namespace: messages.namespaces[namespace ?? ''] ?? namespace ?? '' })}
      </p>
      {networks?.length ? (
        <section aria-labelledby="latch-receive-networks">
          <h3 id="latch-receive-networks" className="latch-section-title">
            {t.worksOn}
          </h3>
          <ul className="latch-receive-networks" data-testid="receive-networks">
            {networks.map((network) => (
              <li key={network.caipNetworkId}>{network.name}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
