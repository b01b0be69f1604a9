import { namingNamespace } from '../adapters/registry.js'
import type { LatchController } from '../controller/index.js'
import { syncIdentity } from '../names/identity.js'

/**
 * Keeps the connected account's name (of the namespace with names, EVM's) and avatar in its account state, read again whenever
 * the account changes. `createLatch` loads it after the first connection there, so the page's
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
    const namespace = namingNamespace()
    const account = namespace ? stores.chain.getState().chains[namespace]?.accountState : undefined
    const address = account?.status === 'connected' ? account.address : undefined
    if (address === last) return
    last = address
    if (address) void syncIdentity(controller, server)
  }
  sync()
  return stores.chain.subscribe(sync)
}
