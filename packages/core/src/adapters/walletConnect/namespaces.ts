import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import { FAMILY_RPC } from '../rpcMethods.js'
import { rpcMethodNames } from '../shared/rpcMethod.js'

/** What the session proposal asks of the wallet for one namespace (Sign API v2). */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  /** The RPC each chain's reads go to: the app's own, never the SDK's hosted default. */
  rpcMap: Record<string, string>
}

/**
 * The requests Latch may send to a wallet, per namespace (`adapters/<namespace>/rpcMethods.ts`).
 * Reads (balances, gas, receipts) go to the network's RPC, not the wallet, so they are not asked
 * for here.
 */
export const WALLET_METHODS: Partial<Record<ChainNamespace, readonly string[]>> =
  Object.fromEntries(
    FAMILY_RPC.map((rpc) => [rpc.namespace, rpcMethodNames(rpc.methods, (m) => m.walletConnect)]),
  )

export const WALLET_EVENTS: Partial<Record<ChainNamespace, readonly string[]>> = Object.fromEntries(
  FAMILY_RPC.map((rpc) => [rpc.namespace, rpc.walletEvents]),
)

/**
 * The proposal's optional namespaces: every network of every adapter the app configured, grouped
 * by namespace, so one pairing serves them all (docs/walletconnect.md#namespaces). Namespaces a
 * wallet cannot be asked anything in are left out. Optional, not required: a wallet approves the
 * chains it has, and the app lists the rest as unsupported.
 */
export function proposalNamespaces(
  networks: readonly CaipNetwork[],
): Partial<Record<ChainNamespace, ProposalNamespace>> {
  const result: Partial<Record<ChainNamespace, ProposalNamespace>> = {}
  for (const network of networks) {
    const methods = WALLET_METHODS[network.chainNamespace]
    if (!methods) continue
    const entry = result[network.chainNamespace] ?? {
      chains: [],
      methods: [...methods],
      events: [...(WALLET_EVENTS[network.chainNamespace] ?? [])],
      rpcMap: {},
    }
    result[network.chainNamespace] = entry
    if (entry.chains.includes(network.caipNetworkId)) continue
    entry.chains.push(network.caipNetworkId)
    const rpc = network.rpcUrls.default.http[0]
    if (rpc) entry.rpcMap[String(network.id)] = rpc
  }
  return result
}
