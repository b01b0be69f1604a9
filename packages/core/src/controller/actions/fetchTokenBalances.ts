import type { ApiClient } from '../../api/client.js'
import type { TokenBalance } from '../../stores/account.js'
import type { LatchController } from '../types.js'

/** docs/behaviour.md#limits: balances are read again after 30 s at most. */
export const TOKEN_BALANCE_CACHE_MS = 30_000

export interface FetchTokenBalancesParameters {
  /** Skips the 30 s cache: after the account sent or received. */
  force?: boolean | undefined
}

// One cache per page's stores, keyed by account and network.
const caches = new WeakMap<object, Map<string, { at: number; balances: TokenBalance[] }>>()

/**
 * Reads the active account's balances on the active network (native first, then each ERC-20 it
 * holds) from the server into the account state's `tokenBalance`, and resolves with them;
 * undefined when there is no account or network. A function of its own so that pages without an
 * Account view do not bundle it.
 */
export async function fetchTokenBalances(
  controller: Pick<LatchController, 'stores' | 'setChainAccountData'>,
  api: Pick<ApiClient, 'getBalances'>,
  { force }: FetchTokenBalancesParameters = {},
): Promise<TokenBalance[] | undefined> {
  const state = controller.stores.chain.getState()
  const chain = state.activeChain
  const chainState = chain ? state.chains[chain] : undefined
  const address = chainState?.accountState.address
  const network = chainState?.networkState.caipNetwork
  if (!chain || !address || !network) return undefined
  const cache = caches.get(controller.stores) ?? new Map()
  caches.set(controller.stores, cache)
  const key = `${network.caipNetworkId}|${address.toLowerCase()}`
  const hit = cache.get(key)
  let balances: TokenBalance[]
  if (!force && hit && Date.now() - hit.at < TOKEN_BALANCE_CACHE_MS) balances = hit.balances
  else {
    balances = await api.getBalances({ address, chainId: network.caipNetworkId, force })
    cache.set(key, { at: Date.now(), balances })
  }
  // The account or network may have changed while the server answered.
  const now = controller.stores.chain.getState()
  const current = now.chains[chain]
  if (
    current?.accountState.address?.toLowerCase() !== address.toLowerCase() ||
    current.networkState.caipNetwork?.caipNetworkId !== network.caipNetworkId
  )
    return balances
  controller.setChainAccountData(chain, { tokenBalance: balances })
  return balances
}
