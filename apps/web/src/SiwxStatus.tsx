import { exactDateTime } from '@latch/core'
import { useLatchSiwx } from '@latch/react/siwx'
import { useAppMessages } from './messages'

/** The demo's sign-in state: until when the session lasts, and a way out. */
export function SiwxStatus() {
  const { session, isSignedIn, isLoading, signIn, signOut } = useLatchSiwx()
  const t = useAppMessages().siwx
  if (isLoading) return null
  return (
    <p className="app-siwx" data-testid="siwx-status" role="status">
      {isSignedIn && session?.expiresAt ? (
        <>
          {t.signedInUntil}{' '}
          <time dateTime={session.expiresAt}>{exactDateTime(session.expiresAt)}</time>{' '}
          <button type="button" className="app-link-button" onClick={() => void signOut()}>
            {t.signOut}
          </button>
        </>
      ) : (
        <>
          {t.notSignedIn}{' '}
          <button type="button" className="app-link-button" onClick={signIn}>
            {t.signIn}
          </button>
        </>
      )}
    </p>
  )
}
