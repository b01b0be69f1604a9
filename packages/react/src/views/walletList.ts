import type { ChainNamespace, Connector } from '@latch/core'

type Group = (connectors: Connector[], namespaces: ChainNamespace[]) => Connector[]

/**
 * The wallets as the modal lists them: the embedded wallet left out (it is the email field), and,
 * given the multi-chain grouping and more than one namespace (`order`, the app's namespaces
 * joined by spaces), a wallet on several namespaces as one MULTI_CHAIN connector. Apart from
 * useWalletConnectors so that ConnectingMultiChain, which the grouping's chunk carries, can list
 * them without importing the hook that loads that chunk.
 */
export function listWallets(all: Connector[], order: string, group?: Group): Connector[] {
  const listed = all.filter((c) => c.type !== 'AUTH')
  return group && order.includes(' ') ? group(listed, order.split(' ') as ChainNamespace[]) : listed
}
