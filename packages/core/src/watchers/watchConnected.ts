import { namingNamespace } from '../adapters/registry.js'
import type { LatchController } from '../controller/index.js'
import type { SiwxConfig } from '../siwx/types.js'
import type { TransactionsStore } from '../transactions/store.js'
import { startLazily } from './startLazily.js'
import { watchBalances } from './watchBalances.js'
import { watchHistoryReset } from './watchHistoryReset.js'

/**
 * The watchers that matter once a wallet has connected: balance, history, sign-in (when the app
 * configures it) and, from the first EVM connection, the account's name. `createLatch`'s
 * `mount()` loads this module on the first connection, so a page nobody connects on carries
 * none of it. Returns the function that stops them.
 */
export function watchConnected(latch: {
  controller: LatchController
  history: TransactionsStore
  config: { serverUrl: string; projectId: string; siwx?: SiwxConfig | undefined }
}): () => void {
  const { siwx } = latch.config
  const { stores } = latch.controller
  const stops = [
    watchBalances(latch),
    watchHistoryReset({ stores, history: latch.history }),
    // Names exist only in the namespace whose traits say so, EVM's (docs/names.md).
    startLazily(
      () => import('./watchIdentity.js'),
      ({ watchIdentity }) => watchIdentity(latch),
      {
        chain: stores.chain,
        ready: (state) => {
          const namespace = namingNamespace()
          return !!namespace && state.chains[namespace]?.accountState.status === 'connected'
        },
      },
    ),
  ]
  // Sign-in with the wallet loads only for apps that configure it (docs/siwx.md).
  if (siwx)
    stops.push(
      startLazily(
        () => import('./watchSiwx.js'),
        ({ watchSiwx }) => watchSiwx(latch.controller, siwx),
      ),
    )
  return () => {
    for (const stop of stops) stop()
  }
}
