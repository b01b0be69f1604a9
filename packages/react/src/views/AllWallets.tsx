import type { Connector } from '@latch/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { connectFromModal } from '../modal/navigation.js'
import { pickWalletConnect, toWalletConnectWallet } from '../modal/pickWalletConnect.js'
import { useWalletPages } from '../wallets/useWalletPages.js'
import { WalletItem } from './WalletItem.js'

const english: OccasionalMessages['allWallets'] = {
  searchLabel: 'Search wallets',
  searchPlaceholder: 'Search wallet',
  searching: 'Searching…',
  loadingMore: 'Loading more wallets…',
  noResults: 'No wallet found',
  error: "Couldn't load the wallet catalogue",
  retry: 'Try again',
  count: '{count} wallets',
}

/** The allWallets strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const allWalletsMessages = (messages: Messages) => ({ ...english, ...messages.allWallets })

/** The server's catalogue: 40 per page as the list scrolls, or a search (300 ms spinner). */
export function AllWallets() {
  const latch = useLatch('AllWallets')
  const { stores, messages, wallets: client } = latch
  const connectors = useStore(stores.connectors, (s) => s.connectors)
  const [search, setSearch] = useState('')
  const pages = useWalletPages(search)
  const sentinel = useRef<HTMLDivElement>(null)
  const inputId = useId()
  const { loadMore, hasMore } = pages

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page moves the sentinel
  useEffect(() => {
    const target = sentinel.current
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasMore, loadMore, pages.wallets.length])

  const installed = (rdns: string | null | undefined): Connector | undefined =>
    rdns
      ? connectors.find(
          (c) => c.type !== 'AUTH' && c.info?.rdns?.toLowerCase() === rdns.toLowerCase(),
        )
      : undefined
  const t = allWalletsMessages(messages)
  // With WalletConnect configured, a wallet that is not installed pairs through it.
  const walletConnector = connectors.find((c) => c.type === 'WALLET_CONNECT')

  return (
    <div className="latch-view latch-all-wallets-view" data-testid="view-all-wallets">
      <label htmlFor={inputId} className="latch-visually-hidden">
        {t.searchLabel}
      </label>
      <input
        id={inputId}
        className="latch-input"
        type="search"
        placeholder={t.searchPlaceholder}
        value={search}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
      />
      {pages.searching ? (
        <div className="latch-spinner-row" role="status" data-testid="wallets-searching">
          <span className="latch-spinner" aria-hidden="true" />
          <span className="latch-visually-hidden">{t.searching}</span>
        </div>
      ) : (
        // The sentinel sits at the end of the scrolling list: the next page loads only once the
        // list is scrolled to its end.
        <div className="latch-wallet-scroll">
          <ul
            className="latch-list latch-wallet-grid"
            aria-label={fill(t.count, { count: pages.count })}
          >
            {pages.wallets.map((wallet) => {
              const connector = installed(wallet.rdns)
              return connector ? (
                <WalletItem
                  key={wallet.id}
                  name={wallet.name}
                  imageUrl={connector.imageUrl ?? client.imageUrl(wallet.image_id)}
                  tag={messages.connect.installed}
                  onSelect={() => void connectFromModal(latch, connector)}
                  testId="catalogue-wallet"
                />
              ) : (
                // Pairs through WalletConnect when it is configured, else links to the wallet's site.
                <WalletItem
                  key={wallet.id}
                  name={wallet.name}
                  imageUrl={client.imageUrl(wallet.image_id)}
                  onSelect={
                    walletConnector
                      ? () =>
                          pickWalletConnect(
                            latch,
                            walletConnector,
                            toWalletConnectWallet(wallet, client.imageUrl),
                          )
                      : undefined
                  }
                  href={
                    walletConnector
                      ? undefined
                      : (wallet.webapp_link ?? wallet.homepage ?? undefined)
                  }
                  label={
                    walletConnector
                      ? undefined
                      : fill(messages.connect.getWallet, { name: wallet.name })
                  }
                  testId="catalogue-wallet"
                />
              )
            })}
          </ul>
          {!pages.loading && !pages.error && pages.wallets.length === 0 ? (
            <p className="latch-hint">{t.noResults}</p>
          ) : null}
          {pages.error ? (
            <div className="latch-hint" role="alert">
              <p>{t.error}</p>
              <button type="button" className="latch-secondary-button" onClick={pages.retry}>
                {t.retry}
              </button>
            </div>
          ) : null}
          {pages.loading ? (
            <div className="latch-spinner-row" role="status">
              <span className="latch-spinner" aria-hidden="true" />
              <span className="latch-visually-hidden">{t.loadingMore}</span>
            </div>
          ) : null}
          {hasMore ? (
            <div ref={sentinel} className="latch-sentinel" data-testid="wallets-sentinel" />
          ) : null}
        </div>
      )}
    </div>
  )
}
