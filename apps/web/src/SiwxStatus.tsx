import { useLatchSiwx } from '@latch/react/siwx'
import { appMessages } from './messages'

/** The demo's sign-in state: until when the session lasts, and a way out. */
export function SiwxStatus() {
  const { session, isSignedIn, isLoading, signIn, signOut } = useLatchSiwx()
  if (isLoading) return null
  return (
    <p className="app-siwx" data-testid="siwx-status" role="status">
      {isSignedIn && session?.expiresAt ? (
        <>
          {appMessages.siwx.signedInUntil}{' '}
          <time dateTime={session.expiresAt}>{new Date(session.expiresAt).toUTCString()}</time>{' '}
          <button type="button" className="app-link-button" onClick={() => void signOut()}>
            {appMessages.siwx.signOut}
          </button>
        </>
      ) : (
        <>
          {appMessages.siwx.notSignedIn}{' '}
          <button type="button" className="app-link-button" onClick={signIn}>
            {appMessages.siwx.signIn}
          </button>
        </>
      )}
    </p>
  )
}
