import { hasSiwxSession } from '../siwx/signIn.js'
import type { SiwxConfig } from '../siwx/types.js'
import { selectActiveCaipAddress } from '../stores/chain.js'
import type { LatchStores } from '../stores/index.js'
import { openModal } from '../stores/router.js'

/**
 * docs/behaviour.md#flows (Sign-in): whenever the active account or chain changes to one without
 * a session, the modal opens on SIWXSignMessage. Returns the function that stops watching.
 */
export function watchSiwx({ stores }: { stores: LatchStores }, siwx: SiwxConfig): () => void {
  let last = ''
  let checking = 0
  const check = () => {
    const state = stores.chain.getState()
    const active = state.activeChain ? state.chains[state.activeChain] : undefined
    const key =
      active?.accountState.status === 'connected' ? (selectActiveCaipAddress(state) ?? '') : ''
    if (key === last) return
    last = key
    if (!key) return
    const run = ++checking
    hasSiwxSession({ stores }, siwx).then(
      (signedIn) => {
        if (signedIn || run !== checking) return
        if (stores.router.getState().route.view !== 'SIWXSignMessage')
          openModal(stores.router, 'SIWXSignMessage')
      },
      // The backend cannot say (offline): ask, as without a session.
      () => {
        if (run === checking) openModal(stores.router, 'SIWXSignMessage')
      },
    )
  }
  check()
  return stores.chain.subscribe(check)
}
