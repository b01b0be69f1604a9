import { useLatch } from '../context.js'
import type { Messages, OccasionalMessages } from '../messages.js'

const english: OccasionalMessages['approveTransaction'] = {
  heading: 'Approve in the secure window',
  body: "Review the request in Latch's secure window and approve or reject it there. This page cannot see or change what you approve.",
}

export const approveTransactionMessages = (messages: Messages) => ({
  ...english,
  ...messages.approveTransaction,
})

/**
 * docs/behaviour.md#views: while the secure frame shows its approval of a signature or
 * transaction, the modal says where the decision is made. It offers no button of its own: the
 * decision is the frame's alone, so nothing on the page can approve in the visitor's name.
 */
export function ApproveTransaction() {
  const { messages } = useLatch('ApproveTransaction')
  const t = approveTransactionMessages(messages)
  return (
    <div className="latch-view latch-connecting" data-testid="view-approve-transaction">
      <div className="latch-connecting-visual">
        <span className="latch-spinner latch-spinner--ring" aria-hidden="true" />
      </div>
      <div role="status">
        <p className="latch-connecting-title">{t.heading}</p>
        <p className="latch-hint">{t.body}</p>
      </div>
    </div>
  )
}
