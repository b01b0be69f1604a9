/**
 * What the visitor reads when the secure frame leaves a sign-in unanswered: the alert's code,
 * 'iframe_request_timeout' (docs/behaviour.md#errors), means nothing to a visitor, so the error a
 * form shows and the alert say this. Apart from messages.ts, which ships in the page's first
 * chunk: only the frame's lazily loaded client reads it.
 */
export const frameRequestTimedOut = 'The secure wallet did not answer in time. Please try again.'

/**
 * The 'unverified domain' alert (docs/behaviour.md#errors): the page's origin is not on the
 * project's allow-list, so the frame refuses it (or the browser, by the frame's
 * frame-ancestors, never renders it). Said at once instead of after the 20 s load timeout, in
 * words the app's developer can act on.
 */
export const unverifiedDomainAlert = 'unverified_domain'
export const unverifiedDomain =
  "The embedded wallet cannot load on this site: its domain is not on the project's allowed list. The app's owner can add it in the project's settings."
