/**
 * Headers of the few HTML pages the auth routes serve (the device approval link, the social
 * callback): never cached, never framed, no referrer, and scripts and styles from this server
 * only. `formAction` is where the page's form may post, if it has one.
 */
export function authPageHeaders(formAction: "'self'" | "'none'") {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  }
}
