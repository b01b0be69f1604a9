/**
 * Allow-list entries are exact origins (`https://app.example.com`), `*` (any origin), or a
 * wildcard host (`https://*.example.com`, optionally with a port) that matches subdomains at
 * any depth but not the bare domain. Comparison is on the parsed origin, so case and default
 * ports do not matter.
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  return allowed.some((entry) => matches(parsed, entry))
}

interface ParsedOrigin {
  protocol: string
  hostname: string
  port: string
}

function parseOrigin(value: string): ParsedOrigin | null {
  try {
    const url = new URL(value)
    if (url.origin === 'null') return null
    return { protocol: url.protocol, hostname: url.hostname, port: url.port }
  } catch {
    return null
  }
}

function matches(origin: ParsedOrigin, entry: string): boolean {
  if (entry === '*') return true
  const wildcard = /^([a-z][a-z0-9+.-]*:)\/\/\*\.([^/:]+)(?::(\d+))?$/i.exec(entry)
  if (wildcard) {
    const [, protocol, domain, port] = wildcard
    const base = parseOrigin(`${protocol}//${domain}${port ? `:${port}` : ''}`)
    return (
      base !== null &&
      origin.protocol === base.protocol &&
      origin.port === base.port &&
      origin.hostname.endsWith(`.${base.hostname}`)
    )
  }
  const exact = parseOrigin(entry)
  return (
    exact !== null &&
    exact.protocol === origin.protocol &&
    exact.hostname === origin.hostname &&
    exact.port === origin.port
  )
}

/** True when `value` can go on an allow-list: an http(s) origin, `*`, or a wildcard host. */
export function isValidAllowListEntry(value: string): boolean {
  if (value === '*') return true
  const candidate = value.replace('://*.', '://')
  try {
    const url = new URL(candidate)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin.toLowerCase() === candidate.toLowerCase()
    )
  } catch {
    return false
  }
}
