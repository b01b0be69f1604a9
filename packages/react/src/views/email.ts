// Shared by the email views. The sign-in wait and the update steps load as chunks of their own,
// fetched when the visitor first submits an email (or opens Update email), never with the button.

/** A plain shape check; the server has the last word (and mails the code). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

/** The message of a rejection from the auth connector, which is written to be shown. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

export const loadEmailSignIn = () => import('./EmailVerify.js')
export const loadEmailUpdate = () => import('./UpdateEmail.js')

/** Starts fetching a chunk early; a failure surfaces when the view itself loads it. */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => {})
}
