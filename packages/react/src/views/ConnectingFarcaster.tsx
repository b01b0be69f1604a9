import { useLatch } from '../context.js'
import { FrameSignIn, frameMessages } from './FrameSignIn.js'

/**
 * docs/social.md#farcaster: the secure frame shows the channel's QR code and link, then the
 * answering account for the visitor to confirm, in its own window; the page never sees the link.
 * This view says where to look and waits for the outcome.
 */
export function ConnectingFarcaster() {
  const { auth, messages } = useLatch('ConnectingFarcaster')
  if (!auth?.connectFarcaster) return <p className="latch-hint">{messages.email.failed}</p>
  const connectFarcaster = auth.connectFarcaster.bind(auth)
  return (
    <FrameSignIn
      testId="view-farcaster"
      body={frameMessages(messages).farcaster}
      start={(signal) => connectFarcaster({ signal })}
    />
  )
}
