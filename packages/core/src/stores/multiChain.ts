import type { ChainNamespace } from '../networks/types.js'
import type { Connector } from './connectors.js'

// docs/solana.md#wallets-on-two-chains: a wallet that announces itself to more than one chain
// adapter (Phantom by EIP-6963 and through the wallet standard) is one wallet to the visitor.

/**
 * Only what a wallet announces in this browser is merged: the embedded wallet (AUTH, ID_AUTH),
 * WalletConnect, a connector the app passed in (EXTERNAL) and an existing group keep their rows.
 */
const groupable = (connector: Connector) =>
  connector.type === 'ANNOUNCED' || connector.type === 'INJECTED'

/**
 * The name a wallet is matched by: case, spacing, punctuation and a trailing "wallet" dropped,
 * so 'Trust Wallet' (the EIP-6963 name) and 'Trust' (docs/behaviour.md#validation) are one.
 */
export function walletNameKey(name: string): string {
  const key = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
  return key.length > 6 && key.endsWith('wallet') ? key.slice(0, -6) : key
}

/** Two connectors are one wallet by their EIP-6963 rdns when both have one, else by name. */
function sameWallet(a: Connector, b: Connector): boolean {
  const rdnsA = a.info?.rdns
  const rdnsB = b.info?.rdns
  if (rdnsA && rdnsB) return rdnsA.toLowerCase() === rdnsB.toLowerCase()
  return walletNameKey(a.name) === walletNameKey(b.name)
}

function toMultiChain(members: Connector[]): Connector {
  const [first] = members as [Connector, ...Connector[]]
  if (members.length === 1) return first
  const chains = members.flatMap((m) => m.chains ?? [])
  const imageUrl = members.find((m) => m.imageUrl)?.imageUrl
  return {
    id: `multi-chain:${first.id}`,
    name: first.name,
    type: 'MULTI_CHAIN',
    chain: first.chain,
    chains: chains.length > 0 ? chains : undefined,
    imageUrl,
    imageId: members.find((m) => m.imageId)?.imageId,
    // The rdns stays findable, so a catalogue entry of the wallet is still known as installed.
    info: { rdns: members.find((m) => m.info?.rdns)?.info?.rdns, name: first.name, icon: imageUrl },
    connectors: members,
  }
}

/**
 * Folds the connectors of one wallet on several namespaces into one MULTI_CHAIN connector whose
 * `connectors` are the per-namespace ones, in the app's namespace order (`namespaces`; others
 * after, as listed). A group stands where its first connector stood; a wallet on one namespace
 * is returned as it was. A namespace contributes one connector to a group: a second connector of
 * the same wallet and namespace stays a row of its own.
 */
export function groupMultiChainConnectors(
  connectors: readonly Connector[],
  namespaces: readonly ChainNamespace[],
): Connector[] {
  const rank = (c: Connector) => {
    const index = namespaces.indexOf(c.chain)
    return index < 0 ? namespaces.length : index
  }
  const slots: Array<Connector | Connector[]> = []
  const groups: Connector[][] = []
  for (const connector of connectors) {
    if (!groupable(connector)) {
      slots.push(connector)
      continue
    }
    const group = groups.find(
      (members) =>
        members.every((m) => m.chain !== connector.chain) &&
        members.some((m) => sameWallet(m, connector)),
    )
    if (group) group.push(connector)
    else {
      const members = [connector]
      groups.push(members)
      slots.push(members)
    }
  }
  return slots.map((slot) =>
    Array.isArray(slot) ? toMultiChain([...slot].sort((a, b) => rank(a) - rank(b))) : slot,
  )
}

/** The namespaces a connector serves: each of a group's, else its own. */
export function connectorNamespaces(connector: Connector): ChainNamespace[] {
  return connector.type === 'MULTI_CHAIN' && connector.connectors
    ? connector.connectors.map((c) => c.chain)
    : [connector.chain]
}
