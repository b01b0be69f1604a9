/**
 * The server's allow-list rule, on the client: exact origins, `*`, or `scheme://*.domain[:port]`
 * matching subdomains at any depth (not the bare domain). Case and default ports do not matter.
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  const page = parse(origin)
  if (!page) return false
  return allowed.some((entry) => {
    if (entry === '*') return true
    const wildcard = entry.includes('://*.')
    const base = parse(entry.replace('://*.', '://'))
    if (!base || base.protocol !== page.protocol || base.port !== page.port) return false
    return wildcard ? page.hostname.endsWith(`.${base.hostname}`) : page.hostname === base.hostname
  })
}

function parse(value: string): { protocol: string; hostname: string; port: string } | null {
  try {
    const url = new URL(value)
    if (url.origin === 'null') return null
    return { protocol: url.protocol, hostname: url.hostname, port: url.port }
  } catch {
    return null
  }
}
