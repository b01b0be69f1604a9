// The sign-in wait and the update steps load as chunks of their own, fetched when the visitor
// first submits an email (or opens Update email), never with the button.

export const loadEmailSignIn = () => import('./EmailVerify.js')
export const loadEmailUpdate = () => import('./UpdateEmail.js')

/** Starts fetching a chunk early; a failure surfaces when the view itself loads it. */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => {})
}
