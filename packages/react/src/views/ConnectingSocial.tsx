import { selectRoute } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { FrameSignIn, frameMessages } from './FrameSignIn.js'
import { SOCIAL_LABELS } from './socialLabels.js'

/**
 * docs/social.md: the secure frame shows its own "Continue with …" button, opens the provider's
 * popup from that click and receives the answer itself; this view waits for the outcome.
 */
export function ConnectingSocial() {
  const { stores, auth, messages } = useLatch('ConnectingSocial')
  const provider = useStore(stores.router, (s) => selectRoute(s, 'ConnectingSocial')?.provider)
  if (!auth?.connectSocial || !provider)
    return <p className="latch-hint">{messages.email.failed}</p>
  const connectSocial = auth.connectSocial.bind(auth)
  return (
    <FrameSignIn
      testId="view-social"
      body={fill(frameMessages(messages).social, { provider: SOCIAL_LABELS[provider] })}
      start={(signal) => connectSocial(provider, { signal })}
    />
  )
}
