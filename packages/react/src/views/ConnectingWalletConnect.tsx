import { selectRoute, type WalletConnectWallet, walletConnectLink } from '@latch/core'
import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { CheckIcon, CopyIcon } from '../modal/icons.js'
import { connectWithWalletConnect, isPhoneWidth } from '../modal/walletConnect.js'
import { ensureWalletStyles } from '../theme/walletStyles.js'
import { useCatalogueWallets } from '../wallets/useCatalogue.js'
import { QrCode } from './QrCode.js'
import { useCopyFeedback } from './useCopyFeedback.js'

const english: OccasionalMessages['walletConnect'] = {
  scan: 'Scan this QR code with your phone',
  scanWith: 'Scan with {name} on your phone',
  qrLabel: 'QR code to connect with WalletConnect',
  preparing: 'Preparing the connection…',
  copyLink: 'Copy link',
  copied: 'Link copied',
  openDesktop: 'Open {name} desktop app',
  openApp: 'Open {name}',
  openAppHint: 'Continue in {name}, then come back here',
  refreshed: 'A new code: the previous one expired',
  expired: 'The connection request expired',
  chooseWallet: 'Choose the wallet app on this phone',
  noMobileWallets: 'No wallet apps to list. Copy the link into your wallet instead.',
}

/** The walletConnect strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const walletConnectMessages = (messages: Messages) => ({
  ...english,
  ...messages.walletConnect,
})

type Phase = 'waiting' | 'pairing' | 'rejected' | 'failed'

/** The pairing of the attempt in progress for this connector, and how that attempt goes. */
function usePairing(connectorId: string | undefined) {
  const { stores } = useLatch('usePairing')
  const pairing = useStore(stores.connectors, (s) =>
    s.pairing?.connectorId === connectorId ? s.pairing : undefined,
  )
  const attempt = useStore(stores.connectors, (s) =>
    s.attempt?.connectorId === connectorId ? s.attempt : undefined,
  )
  const phase: Phase =
    attempt?.status === 'rejected'
      ? 'rejected'
      : attempt?.status === 'failed' || attempt === undefined
        ? 'failed'
        : pairing
          ? 'pairing'
          : 'waiting'
  // A URI replaced while shown is said once: the old code on someone's phone no longer works.
  const first = useRef<string | undefined>(undefined)
  if (pairing && first.current === undefined) first.current = pairing.uri
  const refreshed = pairing !== undefined && pairing.uri !== first.current
  return { uri: pairing?.uri, phase, refreshed }
}

function CopyLink({ uri }: { uri: string | undefined }) {
  const { messages } = useLatch('CopyLink')
  const { copied, copy } = useCopyFeedback()
  const t = walletConnectMessages(messages)
  return (
    <>
      <button
        type="button"
        className="latch-secondary-button latch-copy-button"
        disabled={!uri}
        onClick={() => uri && copy(uri)}
        data-testid="walletconnect-copy"
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? t.copied : t.copyLink}
      </button>
      <span role="status" className="latch-visually-hidden">
        {copied ? t.copied : ''}
      </span>
    </>
  )
}

function Outcome({ phase, onRetry }: { phase: Phase; onRetry(): void }) {
  const { messages } = useLatch('Outcome')
  const retry = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (phase === 'rejected' || phase === 'failed') retry.current?.focus()
  }, [phase])
  if (phase !== 'rejected' && phase !== 'failed') return null
  const t = messages.connecting
  return (
    <div role="alert" className="latch-walletconnect-outcome">
      <p className="latch-connecting-title latch-error-text">
        {phase === 'rejected' ? t.rejected : t.failed}
      </p>
      {phase === 'rejected' ? <p className="latch-hint">{t.rejectedBody}</p> : null}
      <button ref={retry} type="button" className="latch-secondary-button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  )
}

/**
 * docs/behaviour.md#views (ConnectingWalletConnect): the pairing URI as a QR code, with the
 * picked wallet's logo, a copy-link button and the wallet's desktop app when it has one; on a
 * phone, the wallet's own app link instead of the code. A fresh code replaces an expired one.
 */
export function ConnectingWalletConnect() {
  const client = useLatch('ConnectingWalletConnect')
  const { stores, messages } = client
  const route = useStore(stores.router, (s) => selectRoute(s, 'ConnectingWalletConnect'))
  const connectorId = route?.connectorId
  const wallet: WalletConnectWallet | undefined = route?.wallet
  const connector = useStore(stores.connectors, (s) =>
    s.connectors.find((c) => c.id === connectorId),
  )
  const { uri, phase, refreshed } = usePairing(connectorId)
  const [phone] = useState(isPhoneWidth)
  ensureWalletStyles()
  const t = walletConnectMessages(messages)
  const name = wallet?.name ?? connector?.name ?? 'WalletConnect'
  const retry = () => {
    if (connector) void connectWithWalletConnect(client, connector, wallet, { push: false })
  }
  const appLink = uri
    ? walletConnectLink(phone ? wallet?.mobileLink : wallet?.desktopLink, uri)
    : undefined

  return (
    <div
      className="latch-view latch-connecting latch-walletconnect"
      data-testid="view-walletconnect"
      data-phase={phase}
    >
      {phone && wallet ? (
        <div className="latch-connecting-visual">
          {wallet.imageUrl ? (
            <img
              className="latch-wallet-image latch-wallet-image--large"
              src={wallet.imageUrl}
              alt=""
            />
          ) : null}
        </div>
      ) : uri && phase === 'pairing' ? (
        <QrCode text={uri} label={t.qrLabel} testId="walletconnect-qr" logoUrl={wallet?.imageUrl} />
      ) : phase === 'waiting' ? (
        <div className="latch-qr latch-qr--placeholder" role="status">
          <span className="latch-spinner latch-spinner--ring" aria-hidden="true" />
          <span className="latch-visually-hidden">{t.preparing}</span>
        </div>
      ) : null}
      {phase === 'pairing' ? (
        <div role="status">
          <p className="latch-connecting-title">
            {phone && wallet
              ? fill(t.openAppHint, { name })
              : wallet
                ? fill(t.scanWith, { name })
                : t.scan}
          </p>
          {refreshed ? <p className="latch-hint">{t.refreshed}</p> : null}
        </div>
      ) : null}
      <Outcome phase={phase} onRetry={retry} />
      {appLink && phase === 'pairing' ? (
        <a
          className="latch-primary-button"
          href={appLink}
          data-testid={phone ? 'walletconnect-open-app' : 'walletconnect-open-desktop'}
        >
          {fill(phone ? t.openApp : t.openDesktop, { name })}
        </a>
      ) : null}
      {phase === 'pairing' || phase === 'waiting' ? <CopyLink uri={uri} /> : null}
    </div>
  )
}

/**
 * docs/behaviour.md#views (ConnectingWalletConnectBasic): on a phone, no QR code to scan — the
 * catalogue's wallet apps, each opening with the pairing URI.
 */
export function ConnectingWalletConnectBasic() {
  const client = useLatch('ConnectingWalletConnectBasic')
  const { stores, messages, wallets } = client
  const connectorId = useStore(
    stores.router,
    (s) => selectRoute(s, 'ConnectingWalletConnectBasic')?.connectorId,
  )
  const connector = useStore(stores.connectors, (s) =>
    s.connectors.find((c) => c.id === connectorId),
  )
  const { uri, phase } = usePairing(connectorId)
  const catalogue = useCatalogueWallets({ entries: 40 })
  const apps = catalogue.filter((w) => walletConnectLink(w.mobile_link, 'wc:') !== undefined)
  ensureWalletStyles()
  const t = walletConnectMessages(messages)
  return (
    <div
      className="latch-view latch-walletconnect-basic"
      data-testid="view-walletconnect-basic"
      data-phase={phase}
    >
      <p className="latch-hint">{t.chooseWallet}</p>
      {apps.length === 0 ? <p className="latch-hint">{t.noMobileWallets}</p> : null}
      <ul className="latch-list">
        {apps.map((wallet) => {
          const href = uri ? walletConnectLink(wallet.mobile_link, uri) : undefined
          return (
            <li key={wallet.id}>
              <a
                className="latch-list-item"
                href={href}
                aria-disabled={href ? undefined : true}
                data-testid={`walletconnect-app-${wallet.id}`}
              >
                <img
                  className="latch-wallet-image"
                  src={wallets.imageUrl(wallet.image_id)}
                  alt=""
                  width={40}
                  height={40}
                />
                <span className="latch-wallet-name">{wallet.name}</span>
              </a>
            </li>
          )
        })}
      </ul>
      <Outcome
        phase={phase}
        onRetry={() =>
          connector && void connectWithWalletConnect(client, connector, undefined, { push: false })
        }
      />
      {phase === 'pairing' || phase === 'waiting' ? <CopyLink uri={uri} /> : null}
    </div>
  )
}
