/**
 * Fastify's `trustProxy` for LATCH_TRUST_PROXY (config.ts). Whatever the form, the client address
 * is the right-most X-Forwarded-For entry that is not a trusted proxy: entries left of it were
 * written by the client and are never read.
 */
export type TrustProxySetting = false | number | string[]

/** proxy-addr's trust function: `hop` 0 is the socket's peer, 1 the right-most forwarded entry. */
type TrustFn = (address: string, hop: number) => boolean

export function trustProxyOption(setting: TrustProxySetting): boolean | string[] | TrustFn {
  // Fastify ignores X-Forwarded-For entirely for a bare number (its fail-closed choice), which
  // would put every client behind the proxy in one bucket: the hop count is given as a function,
  // trusting the `n` nearest hops whoever they are (docs/deployment.md#tls-and-the-proxy).
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  return setting
}
