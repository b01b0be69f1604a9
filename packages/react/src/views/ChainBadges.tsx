import type { Connector } from '@latch/core'
import { connectorNamespaces } from '@latch/core/multichain'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { networkImageUrl } from './networkImage.js'

/**
 * The namespaces a wallet row serves: each one's first network icon, and their names in words for
 * screen readers and as the tooltip ("EVM, Solana").
 */
export function ChainBadges({ connector }: { connector: Connector }) {
  const { stores, config, messages } = useLatch('ChainBadges')
  const chains = useStore(stores.chain, (s) => s.chains)
  const namespaces = connectorNamespaces(connector)
  const names = namespaces.map((n) => messages.namespaces[n] ?? n).join(', ')
  return (
    <span
      className="latch-chains"
      title={names}
      data-testid="wallet-chains"
      data-namespaces={namespaces.join(' ')}
    >
      {namespaces.map((namespace) => {
        const network = chains[namespace]?.caipNetworks[0]
        return network ? (
          <img key={namespace} src={networkImageUrl(config.serverUrl, network)} alt="" />
        ) : null
      })}
      <span className="latch-visually-hidden">{names}</span>
    </span>
  )
}
