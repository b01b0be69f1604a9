import { closeModal, formatQuantity, namespaceTraits, pushView, truncateAddress } from '@latch/core'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchAuthUser, useLatchNetwork } from '../hooks/index.js'
import { fill } from '../messages.js'
import { CheckIcon, CopyIcon } from '../modal/icons.js'
import { AccountSwitch } from './AccountSwitch.js'
import { loadEmailUpdate, prefetch } from './emailChunks.js'
import { accountMessages } from './lazyMessages.js'
import { useCopyFeedback } from './useCopyFeedback.js'

const loadSend = () => import('./WalletSendPreview.js')
const loadNames = () => import('./RegisterAccountNameSuccess.js')
const loadBuy = () => import('./Buy.js')
const loadSwap = () => import('./Swap.js')

import { explorerAddressUrl, networkImageUrl } from './networkImage.js'

// Balances bring their styles and the send subpath's reader: a chunk of their own, fetched as
// the account view opens, so the page's first load carries none of it. docs/behaviour.md#limits:
// only namespaces whose traits say so show balances.

const TokenBalances = lazy(() =>
  import('./TokenBalances.js').then((m) => ({ default: m.TokenBalances })),
)

// Only an email or social user on a smart-account network fetches it (docs/smart-accounts.md).
const AccountTypeSwitch = lazy(() => import('./AccountTypeSwitch.js'))

/** The unconfirmed part of a balance read, when the adapter reports one and it is not zero. */
export function pendingOf(read: object | undefined): string | undefined {
  const pending = (read as { pending?: unknown } | undefined)?.pending
  return typeof pending === 'string' && Number(pending) !== 0 ? pending : undefined
}

/** The connected account: name or address (copy), balance, network, explorer, disconnect. */
export function Account() {
  const { stores, controller, config, messages, auth } = useLatch('Account')
  const account = useLatchAccount()
  const traits = namespaceTraits(account.namespace)
  const authUser = useLatchAuthUser()
  const connectorId = useStore(stores.connectors, (s) =>
    account.namespace ? s.activeConnectorIds[account.namespace] : undefined,
  )
  const connectorType = useStore(
    stores.connectors,
    (s) => s.connectors.find((c) => c.id === connectorId)?.type,
  )
  // Signed in by email: the embedded wallet's connector carries the session.
  const user =
    connectorId !== undefined && (connectorType === 'AUTH' || connectorId === auth?.connectorId)
      ? authUser
      : undefined
  const walletCount = useStore(stores.connections, (s) =>
    account.namespace ? (s.connections[account.namespace]?.length ?? 0) : 0,
  )
  const { network } = useLatchNetwork()
  const { copied, copy } = useCopyFeedback()
  const [balanceFailed, setBalanceFailed] = useState(false)
  // What the chain has not confirmed yet, where the adapter tells it apart (a UTXO chain's mempool).
  const [pending, setPending] = useState<string>()
  const t = messages.account

  // biome-ignore lint/correctness/useExhaustiveDependencies: a network change reads the balance again
  useEffect(() => {
    if (!account.address) return
    setBalanceFailed(false)
    setPending(undefined)
    controller.fetchBalance().then(
      (read) => setPending(pendingOf(read)),
      () => setBalanceFailed(true),
    )
  }, [controller, account.address, network?.caipNetworkId])

  const address = account.address ?? ''
  const name = account.profileName ?? truncateAddress(address)
  const explorer = explorerAddressUrl(network, address)
  const features = stores.options.getState().features
  // The server advertises the flag only when it has a provider; the Buy view says so when
  // nothing can be bought on the account's network (docs/onramp.md).
  const canBuy = features.onramp
  // Likewise swaps: the Swap view says 'Network not supported for Swaps' where none is served.
  const canSwap = features.swaps

  return (
    <div className="latch-view latch-account" data-testid="view-account">
      <div className="latch-account-identity">
        {account.profileImage ? (
          <img className="latch-avatar" src={account.profileImage} alt="" />
        ) : (
          <span className="latch-avatar" aria-hidden="true" />
        )}
        <p className="latch-account-name" data-testid="account-name" title={address}>
          {name}
        </p>
        <button
          type="button"
          className="latch-icon-button"
          aria-label={copied ? t.copied : t.copy}
          onClick={() => copy(address)}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </button>
        <span className="latch-visually-hidden" role="status">
          {copied ? t.copied : ''}
        </span>
      </div>
      {user ? (
        <p className="latch-account-email" data-testid="account-email" title={user.email ?? ''}>
          <span className="latch-visually-hidden">{t.signedInAs} </span>
          {user.displayName}
        </p>
      ) : null}
      <p className="latch-account-balance" data-testid="account-balance">
        <span className="latch-visually-hidden">{t.balance}: </span>
        {account.balance !== undefined
          ? `${formatQuantity(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
          : balanceFailed
            ? t.balanceUnavailable
            : '…'}
      </p>
      {pending !== undefined && account.balance !== undefined ? (
        <p className="latch-field-hint" data-testid="account-balance-pending">
          {fill(accountMessages(messages).balancePending, {
            amount: formatQuantity(pending),
            symbol: account.balanceSymbol ?? '',
          }).trim()}
        </p>
      ) : null}
      {canBuy || canSwap || features.send || features.receive ? (
        <div className="latch-actions-row">
          {canBuy ? (
            // docs/behaviour.md#limits: the wallet features in order on-ramp, swaps, receive, send;
            // the buy views are a chunk fetched only when this button is shown and pointed at.
            <button
              type="button"
              className="latch-secondary-button"
              data-testid="account-buy"
              onPointerEnter={() => prefetch(loadBuy)}
              onClick={() => pushView(stores.router, 'Buy')}
            >
              {t.buy}
            </button>
          ) : null}
          {canSwap ? (
            <button
              type="button"
              className="latch-secondary-button"
              data-testid="account-swap"
              onPointerEnter={() => prefetch(loadSwap)}
              onClick={() => pushView(stores.router, 'Swap')}
            >
              {t.swap}
            </button>
          ) : null}
          {features.receive ? (
            <button
              type="button"
              className="latch-secondary-button"
              data-testid="account-receive"
              onClick={() => pushView(stores.router, 'WalletReceive')}
            >
              {t.receive}
            </button>
          ) : null}
          {features.send ? (
            <button
              type="button"
              className="latch-secondary-button"
              data-testid="account-send"
              onPointerEnter={() => prefetch(loadSend)}
              onClick={() => pushView(stores.router, 'WalletSend')}
            >
              {t.send}
            </button>
          ) : null}
        </div>
      ) : null}
      {traits?.features.balance ? (
        <Suspense fallback={<p className="latch-hint">{t.tokensLoading}</p>}>
          <TokenBalances />
        </Suspense>
      ) : null}
      <div className="latch-stack">
        <button
          type="button"
          className="latch-list-item"
          onClick={() => pushView(stores.router, 'Networks')}
          data-testid="account-network"
        >
          {network ? (
            <img
              className="latch-network-image"
              src={networkImageUrl(config.serverUrl, network)}
              alt=""
            />
          ) : null}
          <span className="latch-wallet-name">
            {fill(t.network, { name: network?.name ?? '' })}
          </span>
        </button>
        <button
          type="button"
          className="latch-list-item"
          data-testid="account-wallets"
          onClick={() => pushView(stores.router, 'ProfileWallets')}
        >
          <span className="latch-wallet-name">{fill(t.wallets, { count: walletCount })}</span>
        </button>
        {/* Several accounts in one connection (a Polkadot extension's): pick the active one. */}
        <AccountSwitch />
        {traits?.features.names && !account.profileName ? (
          <button
            type="button"
            className="latch-list-item"
            data-testid="account-choose-name"
            onPointerEnter={() => prefetch(loadNames)}
            onClick={() => pushView(stores.router, 'RegisterAccountName')}
          >
            <span className="latch-wallet-name">{t.chooseName}</span>
          </button>
        ) : null}
        {features.activity ? (
          <button
            type="button"
            className="latch-list-item"
            onClick={() => pushView(stores.router, 'Activity')}
          >
            <span className="latch-wallet-name">{t.activity}</span>
          </button>
        ) : null}
        {user?.accounts && auth?.setPreferredAccount ? (
          <Suspense fallback={null}>
            <AccountTypeSwitch auth={auth} user={user} />
          </Suspense>
        ) : null}
        {user ? (
          <button
            type="button"
            className="latch-list-item"
            data-testid="update-email"
            onPointerEnter={() => prefetch(loadEmailUpdate)}
            onClick={() => pushView(stores.router, 'UpdateEmailWallet')}
          >
            <span className="latch-wallet-name">{t.updateEmail}</span>
          </button>
        ) : null}
        {explorer ? (
          <a className="latch-list-item" href={explorer} target="_blank" rel="noreferrer noopener">
            <span className="latch-wallet-name">{t.explorer}</span>
            <span aria-hidden="true">↗</span>
          </a>
        ) : null}
        <button
          type="button"
          className="latch-list-item latch-danger"
          data-testid="disconnect"
          onClick={() => {
            controller.disconnect().then(() => closeModal(stores.router))
          }}
        >
          <span className="latch-wallet-name">{t.disconnect}</span>
        </button>
      </div>
    </div>
  )
}
