import {
  type AuthConnector,
  closeModal,
  goBack,
  openModal,
  pushView,
  type RouterStore,
} from '@latch/core'

/**
 * Views that asked the wallet themselves and show their own wait and outcome: replaced, they
 * would lose it (a send's pending and confirmed states), so the approval leaves them on screen.
 */
const asksItself = new Set(['WalletSendPreview', 'SIWXSignMessage', 'RegisterAccountName'])

/**
 * docs/behaviour.md#views (ApproveTransaction): while the secure frame shows its approval, the
 * modal shows the view that points to it, opened for the purpose or pushed on the view the
 * visitor was on; once the frame is done, the modal closes again or returns to that view.
 */
export function watchApproval(
  auth: Pick<AuthConnector, 'onApproval'> | undefined,
  router: RouterStore,
): () => void {
  let openedHere = false
  const stop = auth?.onApproval?.((pending) => {
    const { open, route } = router.getState()
    if (pending) {
      if (open && (route.view === 'ApproveTransaction' || asksItself.has(route.view))) return
      openedHere = !open
      if (open) pushView(router, 'ApproveTransaction')
      else openModal(router, 'ApproveTransaction')
      return
    }
    // The visitor went elsewhere meanwhile (or closed the modal): their choice stays.
    if (route.view !== 'ApproveTransaction' || !open) return
    if (openedHere) closeModal(router)
    else goBack(router)
  })
  return stop ?? (() => {})
}
