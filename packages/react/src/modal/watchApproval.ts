import { closeModal, goBack, openModal, pushView, type RouterStore } from '@latch/core'

/**
 * Views that asked the wallet themselves and show their own wait and outcome: replaced, they
 * would lose it (a send's pending and confirmed states), so the approval leaves them on screen.
 */
const asksItself = new Set(['WalletSendPreview', 'SIWXSignMessage', 'RegisterAccountName'])
/** Routers whose modal was opened for the approval, to be closed again after it. */
const openedHere = new WeakSet<RouterStore>()

/**
 * docs/behaviour.md#views (ApproveTransaction): while the secure frame shows its approval
 * (`pending`), the modal shows the view that points to it, opened for the purpose or pushed on
 * the view the visitor was on; once the frame is done, the modal closes again or returns to that
 * view. Loaded on the first approval (ModalHost), so pages whose visitors never sign by email
 * never fetch it.
 */
export function onApproval(router: RouterStore, pending: boolean): void {
  const { open, route } = router.getState()
  if (pending) {
    if (open && (route.view === 'ApproveTransaction' || asksItself.has(route.view))) return
    if (open) {
      openedHere.delete(router)
      pushView(router, 'ApproveTransaction')
    } else {
      openedHere.add(router)
      openModal(router, 'ApproveTransaction')
    }
    return
  }
  // The visitor went elsewhere meanwhile (or closed the modal): their choice stays.
  if (route.view !== 'ApproveTransaction' || !open) return
  if (openedHere.has(router)) closeModal(router)
  else goBack(router)
}
