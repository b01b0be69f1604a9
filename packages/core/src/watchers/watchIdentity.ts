import type { LatchController } from '../controller/index.js'
import { syncIdentity } from '../names/identity.js'

/**
 * Keeps the connected EVM account's name and avatar in its account state, read again whenever
 * the account changes. `createLatch` loads it after the first EVM connection, so the page's
 * first load carries none of it. Returns the function that stops watching.
 */
export function watchIdentity({
  controller,
  config,
}: {
  controller: LatchController
  config: { serverUrl: string; projectId: string }
}): () => void {
  const { stores } = controller
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
