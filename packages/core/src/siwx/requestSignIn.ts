import type { LatchController } from '../controller/index.js'
import {
  ModalClosedError,
  NoActiveAccountError,
  SiwxNotEnabledError,
} from '../errors/actionErrors.js'
import { openModal } from '../stores/router.js'
import { activeSiwxAccount } from './signIn.js'
import type { SiwxConfig, SiwxSession } from './types.js'

/**
 * docs/behaviour.md#flows (Sign-in) as a promise: opens the modal's sign-in view for the active
 * account and resolves with the session once the view has one. The view closes the modal on
 * success too, so a close is settled by asking the backend: a session resolves, none rejects with
 * 'Modal closed' (USER_REJECTED). Without `siwx`, 'SIWX is not enabled'.
 */
export async function requestSignIn(
  controller: Pick<LatchController, 'stores' | 'errors'>,
  siwx: SiwxConfig | undefined,
): Promise<SiwxSession> {
  if (!siwx) throw controller.errors.report(new SiwxNotEnabledError())
  const account = activeSiwxAccount(controller)
  if (!account) throw controller.errors.report(new NoActiveAccountError())
  const router = controller.stores.router
  openModal(router, 'SIWXSignMessage')
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.open) return
      stop()
      resolve()
    })
  })
  const [session] = await siwx.getSessions(account.chainId, account.address)
  if (!session) throw new ModalClosedError()
  return session
}
