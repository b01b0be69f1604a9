/**
 * Whether the frame is showing the approval of an RPC request: it asked to be shown while a
 * request of the page waits on it (docs/behaviour.md#views, ApproveTransaction). A sign-in also
 * shows the frame, but no RPC request waits then, so it never counts. Listeners hear each change.
 */
export function createApprovalWatch() {
  let visible = false
  let inFlight = 0
  let pending = false
  const listeners = new Set<(pending: boolean) => void>()
  const update = () => {
    const next = visible && inFlight > 0
    if (next === pending) return
    pending = next
    for (const listener of [...listeners]) listener(pending)
  }
  return {
    setVisible(next: boolean) {
      visible = next
      update()
    },
    /** An RPC request went to the frame; call the returned function once it settles. */
    started(): () => void {
      inFlight += 1
      update()
      let done = false
      return () => {
        if (done) return
        done = true
        inFlight -= 1
        update()
      }
    },
    pending: () => pending,
    subscribe(listener: (pending: boolean) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
