import type { ChainNamespace } from '../../networks/types.js'
import { setChainAccountData } from '../account.js'
import { type ControllerContext, getAdapter } from '../context.js'

/**
 * Reads one namespace's (default: the active one's) native balance into its account state and
 * resolves with it; undefined when there is no account or network to ask about. `pending` is the
 * unconfirmed part, for the adapters that tell it apart (a UTXO chain's mempool).
 */
export async function fetchBalance(
  ctx: ControllerContext,
  namespace?: ChainNamespace,
): Promise<{ balance: string; symbol: string; pending?: string | undefined } | undefined> {
  const state = ctx.stores.chain.getState()
  const chain = namespace ?? state.activeChain
  if (!chain) return undefined
  const chainState = state.chains[chain]
  const address = chainState?.accountState.address
  const network = chainState?.networkState.caipNetwork
  if (!address || !network) return undefined
  const read: { balance: string; symbol: string; pending?: string | undefined } = await getAdapter(
    ctx,
    chain,
  ).getBalance({ address, network })
  setChainAccountData(ctx, chain, { balance: read.balance, balanceSymbol: read.symbol })
  return { balance: read.balance, symbol: read.symbol, pending: read.pending }
}
