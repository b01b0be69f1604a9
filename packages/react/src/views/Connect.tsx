import { type Connector, pushView } from '@latch/core'
import { lazy, type ReactElement, Suspense, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { connectFromModal } from '../modal/navigation.js'
import { pickWalletConnect, toWalletConnectWallet } from '../modal/pickWalletConnect.js'
import { usePainted } from '../modal/usePainted.js'
import type { CatalogueWallet } from '../wallets/client.js'
import { RECOMMENDED_COUNT } from '../wallets/client.js'
import { useCatalogueWallets } from '../wallets/useCatalogue.js'
import { EmailForm } from './EmailForm.js'
import { prefetch } from './emailChunks.js'
import { useWalletConnectors } from './useWalletConnectors.js'
import { WalletItem } from './WalletItem.js'

const loadAllWallets = () => import('./AllWallets.js')
// A chunk of its own, fetched as Connect first shows a social provider: apps (and servers)
// without social sign-in never load it, and the modal's start-up cost stays where it was.
const SocialButtons = lazy(() =>
  import('./SocialButtons.js').then((m) => ({ default: m.SocialButtons })),
)
// Only apps that turn `legalCheckbox` on fetch the checkbox and its gate.
const LegalCheckbox = lazy(() =>
  import('./LegalCheckbox.js').then((m) => ({ default: m.LegalCheckbox })),
)

/** docs/behaviour.md#limits connector order; `config.connectorOrder` overrides it. */
export const defaultConnectorOrder = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const

export type ConnectorSection = (typeof defaultConnectorOrder)[number]

const byRdns = (connectors: Connector[], rdns: string | null | undefined) =>
  rdns ? connectors.find((c) => c.info?.rdns?.toLowerCase() === rdns.toLowerCase()) : undefined

export function Connect() {
  const client = useLatch('Connect')
  const { stores, controller, config, messages, wallets, auth } = client
  // The embedded wallet's connector is offered as the email field, never as a wallet row; a
  // wallet on several namespaces is one row (docs/solana.md#wallets-on-two-chains).
  const { connectors, multiChain } = useWalletConnectors()
  const features = useStore(stores.options, (s) => s.features)
  const namespace = useStore(stores.chain, (s) => s.activeChain)
  // `pay`, which would turn email and social login off, is refused by createLatch (docs/behaviour.md#flags).
  const embedded =
    auth !== undefined && namespace !== undefined && auth.namespaces.includes(namespace)
  const email = embedded && features.email
  const socials = embedded && features.socials ? features.socials : []
  const painted = usePainted()
  // docs/behaviour.md#flags (`collapseWallets`): the wallets wait behind one button.
  const [expanded, setExpanded] = useState(false)
  // Read once per visit of the view: recents change only by connecting, which leaves it.
  const [recentWallets] = useState(() => controller.storage.get('recentWallets') ?? [])
  // With WalletConnect configured, a catalogue wallet that is not installed pairs through it.
  const walletConnector = connectors.find((c) => c.type === 'WALLET_CONNECT')
  const featuredIds = useMemo(() => config.featuredWalletIds ?? [], [config.featuredWalletIds])
  const featured = useCatalogueWallets(
    featuredIds.length ? { include: featuredIds, entries: featuredIds.length } : undefined,
  )
  const recommendedAll = useCatalogueWallets({ entries: RECOMMENDED_COUNT + featuredIds.length })

  // The click asks the wallet; the connecting view only shows how it goes.
  const connect = (connector: Connector) => void connectFromModal(client, connector)

  const sections = useMemo(() => {
    // A MULTI_CHAIN connector groups announced wallets only (docs/solana.md#wallets-on-two-chains).
    const installed = connectors.filter(
      (c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED' || c.type === 'MULTI_CHAIN',
    )
    // A recent wallet that is still installed shows once, under Recent (a wallet used on two
    // namespaces too); so does one reached through WalletConnect while WalletConnect is configured.
    const recent = recentWallets
      .flatMap((w): Connector[] => {
        const connector = installed.find(
          (c) => c.id === w.id || c.connectors?.some((m) => m.id === w.id),
        )
        if (connector) return [connector]
        if (w.connectorId && walletConnector?.id === w.connectorId)
          return [{ ...walletConnector, id: w.id, name: w.name, imageUrl: w.imageUrl }]
        return []
      })
      .filter((c, i, list) => list.indexOf(c) === i)
    const shownIds = new Set(recent.map((c) => c.id))
    const injected = installed.filter((c) => !shownIds.has(c.id))
    const catalogueItem = (wallet: CatalogueWallet) => ({
      wallet,
      connector: byRdns(installed, wallet.rdns),
    })
    const featuredItems = featured
      .map(catalogueItem)
      .filter((item) => !item.connector && !shownIds.has(item.wallet.id))
    const recommended = recommendedAll
      .filter(
        (w) => !featuredIds.includes(w.id) && !byRdns(installed, w.rdns) && !shownIds.has(w.id),
      )
      .slice(0, RECOMMENDED_COUNT)
      .map(catalogueItem)
    return {
      walletConnect: connectors.filter((c) => c.type === 'WALLET_CONNECT'),
      recent,
      injected,
      featured: featuredItems,
      custom: config.customWallets ?? [],
      external: connectors.filter((c) => c.type === 'EXTERNAL'),
      recommended,
    }
  }, [
    connectors,
    recentWallets,
    walletConnector,
    featured,
    recommendedAll,
    featuredIds,
    config.customWallets,
  ])

  const order = (config.connectorOrder ?? defaultConnectorOrder) as readonly ConnectorSection[]
  const link = (wallet: CatalogueWallet) => wallet.webapp_link ?? wallet.homepage ?? undefined
  const hasInstalled = sections.recent.length + sections.injected.length > 0

  const walletSections = order.map((section) => {
    let items: ReactElement[] = []
    if (
      section === 'walletConnect' ||
      section === 'recent' ||
      section === 'injected' ||
      section === 'external'
    )
      items = sections[section].map((c) => (
        <WalletItem
          key={c.id}
          name={c.name}
          imageUrl={c.imageUrl}
          tag={
            section === 'recent'
              ? messages.connect.recent
              : section === 'injected'
                ? messages.connect.installed
                : undefined
          }
          onSelect={() => {
            // The visitor picks the namespace first (ConnectingMultiChain).
            if (c.type === 'MULTI_CHAIN')
              return pushView(stores.router, { view: 'ConnectingMultiChain', connectorId: c.id })
            if (c.type !== 'WALLET_CONNECT') return connect(c)
            // A catalogue wallet reached through WalletConnect before pairs the same way again,
            // with its logo and app links.
            const recent =
              section === 'recent' ? recentWallets.find((w) => w.id === c.id) : undefined
            pickWalletConnect(client, walletConnector ?? c, recent)
          }}
          testId={`wallet-${c.id}`}
        >
          {/* Only with several namespaces: with one, every row would say the same. */}
          {multiChain ? <multiChain.ChainBadges connector={c} /> : null}
        </WalletItem>
      ))
    else if (section === 'featured' || section === 'recommended')
      // Pairs through WalletConnect when it is configured, else links to the wallet's site.
      items = sections[section].map(({ wallet }) => (
        <WalletItem
          key={wallet.id}
          name={wallet.name}
          imageUrl={wallets.imageUrl(wallet.image_id)}
          onSelect={
            walletConnector
              ? () =>
                  pickWalletConnect(
                    client,
                    walletConnector,
                    toWalletConnectWallet(wallet, wallets.imageUrl),
                  )
              : undefined
          }
          href={walletConnector ? undefined : link(wallet)}
          label={
            walletConnector ? undefined : fill(messages.connect.getWallet, { name: wallet.name })
          }
          testId={`wallet-${wallet.id}`}
        />
      ))
    else if (section === 'custom')
      items = sections.custom.map((w) => (
        <WalletItem
          key={w.id}
          name={w.name}
          imageUrl={w.imageUrl}
          href={w.homepage}
          label={fill(messages.connect.getWallet, { name: w.name })}
        />
      ))
    if (items.length === 0) return null
    const headingId = `latch-section-${section}`
    return (
      <section key={section} aria-labelledby={headingId} data-section={section}>
        <h3 id={headingId} className="latch-section-title">
          {messages.connect.sections[section]}
        </h3>
        <ul className="latch-list">{items}</ul>
      </section>
    )
  })

  const walletGroup = (
    <>
      {!hasInstalled ? <p className="latch-hint">{messages.connect.noWallets}</p> : null}
      {walletSections}
      {features.allWallets ? (
        <button
          type="button"
          className="latch-list-item latch-all-wallets"
          onClick={() => pushView(stores.router, 'AllWallets')}
          // The catalogue view is a chunk of its own: fetched as the pointer or focus arrives.
          onPointerEnter={() => prefetch(loadAllWallets)}
          onFocus={() => prefetch(loadAllWallets)}
          data-testid="all-wallets"
        >
          <span className="latch-wallet-image latch-wallet-image--fallback" aria-hidden="true">
            ⋯
          </span>
          <span className="latch-wallet-name">{messages.connect.allWallets}</span>
        </button>
      ) : null}
    </>
  )

  // The social buttons' chunk is fetched once the modal is on screen, not on the click that opens it.
  const socialGroup =
    socials.length > 0 && namespace && painted ? (
      <Suspense fallback={null}>
        <SocialButtons socials={socials} />
      </Suspense>
    ) : null
  const emailForm =
    email && auth ? (
      <EmailForm
        label={messages.email.label}
        submitLabel={messages.email.continue}
        testId="email-form"
        section="email"
        // The secure frame mails the code and asks for it in its own window; the next view waits.
        onSubmit={async (address) => {
          pushView(stores.router, { view: 'EmailVerifyOtp', email: address })
        }}
      />
    ) : null
  const emailGroup =
    emailForm || socialGroup ? (
      <>
        {emailForm}
        {socialGroup}
      </>
    ) : null
  const separator = (
    <p className="latch-separator">
      <span>{messages.email.or}</span>
    </p>
  )

  const collapsed = features.collapseWallets && emailGroup !== null && !expanded
  const walletBlock = collapsed ? (
    <button
      type="button"
      className="latch-secondary-button"
      onClick={() => setExpanded(true)}
      data-testid="show-wallets"
    >
      {messages.connect.showWallets}
    </button>
  ) : (
    walletGroup
  )
  // docs/behaviour.md#limits: wallets first when one is installed (or was used here), else email
  // first; collapsed, the email comes first.
  const content =
    emailGroup === null ? (
      walletBlock
    ) : hasInstalled && !collapsed ? (
      <>
        {walletBlock}
        {separator}
        {emailGroup}
      </>
    ) : (
      <>
        {emailGroup}
        {separator}
        {walletBlock}
      </>
    )
  return (
    <div className="latch-view latch-connect" data-testid="view-connect">
      {features.legalCheckbox ? (
        <Suspense fallback={null}>
          <LegalCheckbox>{content}</LegalCheckbox>
        </Suspense>
      ) : (
        content
      )}
      {features.branding ? (
        <p className="latch-hint" data-testid="branding">
          {messages.connect.branding}
        </p>
      ) : null}
    </div>
  )
}
