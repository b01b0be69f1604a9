import { syncIdentity } from '@latch/core/names'
import type { LatchClient } from '../client.js'

/**
 * Keeps the connected EVM account's name and avatar in its account state, read again whenever
 * the account changes. Loaded after the first connection, so the page's first load carries none
 * of it.
 */
export function watchIdentity({ stores, controller, config }: LatchClient): () => void {
  const server = { serverUrl: config.serverUrl, projectId: config.projectId }
  let last: string | undefined
  const sync = () => {
    const account = stores.chain.getState().chains.eip155?.accountState
    const address = account?.status === 'connected' ? account.address : undefined
    if (address === last) return
    last = address
    if (address) void syncIdentity(controller, server)
  }
  sync()
  return stores.chain.subscribe(sync)
}
