/**
 * What the visitor reads when the secure frame leaves a sign-in unanswered: the alert's code,
 * 'iframe_request_timeout' (docs/behaviour.md#errors), means nothing to a visitor, so the error a
 * form shows and the alert say this. Apart from messages.ts, which ships in the page's first
 * chunk: only the frame's lazily loaded client reads it.
 */
export const frameRequestTimedOut = 'The secure wallet did not answer in time. Please try again.'
