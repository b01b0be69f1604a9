import type { LatchController } from '../controller/index.js'
import { selectActiveCaipAddress } from '../stores/chain.js'

/**
 * The balance follows the active account and network: fetched whenever either changes while
 * connected (the adapter caches it for 30 s). Returns the function that stops watching.
 */
export function watchBalances({ controller }: { controller: LatchController }): () => void {
  const { stores } = controller
  let last = ''
  const sync = () => {
    const state = stores.chain.getState()
    const { activeChain, chains } = state
    const connected = activeChain && chains[activeChain]?.accountState.status === 'connected'
    const key = connected ? (selectActiveCaipAddress(state) ?? '') : ''
    if (key === last) return
    last = key
    // A failure is already in the account state and the error reports.
    if (key) controller.fetchBalance().catch(() => {})
  }
  sync()
  return stores.chain.subscribe(sync)
}
