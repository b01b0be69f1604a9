// Shared by the email views. Their chunk loaders are in emailChunks.ts: a loader here would make
// the views that read these helpers import themselves through it.

/** A plain shape check; the server has the last word (and mails the code). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value)
}

/** The message of a rejection from the auth connector, which is written to be shown. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}
