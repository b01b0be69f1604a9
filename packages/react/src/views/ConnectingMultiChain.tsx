import { type ChainStoreState, type Connector, closeModal, selectRoute } from '@latch/core'
import { groupMultiChainConnectors } from '@latch/core/multichain'
import { useMemo } from 'react'
import { useStore } from 'zustand'
import type { LatchClient } from '../client.js'
import { useLatch } from '../context.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { connectFromModal } from '../modal/navigation.js'
import { notify } from '../notify.js'
import { networkImageUrl } from './networkImage.js'
import { listWallets } from './walletList.js'

const english: OccasionalMessages['multiChain'] = {
  body: 'Choose where to connect {name}',
  listLabel: 'Chains',
  connected: 'Connected',
  /** One button per namespace; a namespace without its own text shows its name. */
  connectOn: {
    eip155: 'Connect on EVM networks',
    solana: 'Connect on Solana',
  },
}

/** The multiChain strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const multiChainMessages = (messages: Messages) => ({ ...english, ...messages.multiChain })

/** The network a namespace would be used on: the one it is on, else its first. */
const networkOf = (chains: ChainStoreState['chains'], connector: Connector) => {
  const chain = chains[connector.chain]
  return chain?.networkState.caipNetwork ?? chain?.caipNetworks[0]
}

/** This wallet is the namespace's connected one. */
const isConnectedOn = (
  chains: ChainStoreState['chains'],
  activeIds: Partial<Record<string, string>>,
  connector: Connector,
) =>
  activeIds[connector.chain] === connector.id &&
  chains[connector.chain]?.accountState.status === 'connected'

/**
 * The visitor picked one namespace of a multi-chain wallet: it becomes the active namespace, and
 * the wallet connects there as a wallet row connects it (connectFromModal). Where this wallet is
 * connected already, making the namespace active is all there is to do.
 */
async function pick(client: LatchClient, connector: Connector): Promise<void> {
  const { stores, controller, messages } = client
  const { chains, activeChain } = stores.chain.getState()
  const network = networkOf(chains, connector)
  if (network && activeChain !== connector.chain) {
    try {
      await controller.switchNetwork(network)
    } catch {
      notify(stores, messages.networks.switchFailed, 'error')
      return
    }
  }
  if (isConnectedOn(chains, stores.connectors.getState().activeConnectorIds, connector))
    closeModal(stores.router)
  else await connectFromModal(client, connector)
}

/**
 * docs/solana.md#wallets-on-two-chains: a wallet the modal lists once for several namespaces
 * offers one button per namespace, in the app's order.
 */
export function ConnectingMultiChain() {
  const client = useLatch('ConnectingMultiChain')
  const { stores, config, messages } = client
  const id = useStore(stores.router, (s) => selectRoute(s, 'ConnectingMultiChain')?.connectorId)
  const all = useStore(stores.connectors, (s) => s.connectors)
  const order = useStore(stores.chain, (s) => Object.keys(s.chains).join(' '))
  // This view comes with the grouping's chunk, so it groups as the wallet list did.
  const wallet = useMemo(
    () => listWallets(all, order, groupMultiChainConnectors).find((c) => c.id === id),
    [all, order, id],
  )
  const chains = useStore(stores.chain, (s) => s.chains)
  const activeIds = useStore(stores.connectors, (s) => s.activeConnectorIds)
  const t = multiChainMessages(messages)
  const name = wallet?.name ?? ''
  return (
    <div className="latch-view" data-testid="view-connecting-multi-chain">
      <div className="latch-view latch-connecting">
        {wallet?.imageUrl ? (
          <img
            className="latch-wallet-image latch-wallet-image--large"
            src={wallet.imageUrl}
            alt=""
          />
        ) : null}
        <p className="latch-hint">{fill(t.body, { name })}</p>
      </div>
      <ul className="latch-list" aria-label={t.listLabel}>
        {(wallet?.connectors ?? []).map((connector) => {
          const network = networkOf(chains, connector)
          return (
            <li key={connector.id}>
              <button
                type="button"
                className="latch-list-item"
                data-testid={`connect-on-${connector.chain}`}
                onClick={() => void pick(client, connector)}
              >
                {network ? (
                  <img
                    className="latch-network-image"
                    src={networkImageUrl(config.serverUrl, network)}
                    alt=""
                  />
                ) : null}
                <span className="latch-wallet-name">
                  {t.connectOn[connector.chain] ??
                    messages.namespaces[connector.chain] ??
                    connector.chain}
                </span>
                {isConnectedOn(chains, activeIds, connector) ? (
                  <span className="latch-tag">{t.connected}</span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
