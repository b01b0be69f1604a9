import { isOriginAllowed, isValidAllowListEntry } from '@latch/core/wire'
import { parse } from 'tldts'

/**
 * Allow-list entries the auth routes never honour (issue 29, docs/social.md#page-origins): `*`,
 * and a wildcard over a public suffix (`https://*.com`, `https://*.co.uk`, `https://*.github.io`),
 * since anybody can put a page under those and then sign visitors in as that project.
 * `https://*.example.com` stays: only the holder of example.com serves its subdomains.
 */
export function isTooBroad(entry: string): boolean {
  if (entry.trim() === '*') return true
  const wildcard = /^[a-z][a-z0-9+.-]*:\/\/\*\.([^/:]+)(?::\d+)?$/i.exec(entry)
  if (!wildcard) return false
  const base = wildcard[1]!.toLowerCase().replace(/\.$/, '')
  // Private suffixes too: github.io and vercel.app hand subdomains to strangers.
  const parsed = parse(base, { allowPrivateDomains: true })
  if (parsed.isIp) return true
  // A base with no registrable domain that the public suffix list knows is a suffix itself;
  // names the list does not know (`localhost`, `test`) cannot be registered by anybody.
  return parsed.domain === null && (parsed.isIcann === true || parsed.isPrivate === true)
}

export interface AllowListProblem {
  /** `ORIGIN_TOO_BROAD` for `*` and public-suffix wildcards, `VALIDATION_ERROR` otherwise. */
  code: 'ORIGIN_TOO_BROAD' | 'VALIDATION_ERROR'
  message: string
}

/** Why `entry` cannot be saved on a project's allow-list, or undefined when it can. */
export function allowListEntryProblem(entry: string): AllowListProblem | undefined {
  const broad = (message: string) => ({ code: 'ORIGIN_TOO_BROAD' as const, message })
  if (entry.trim() === '*')
    return broad(
      'Origin "*" would let any site sign visitors in with this project; list the origins (https://app.example.com) or a wildcard under your own domain (https://*.example.com).',
    )
  if (!isValidAllowListEntry(entry))
    return {
      code: 'VALIDATION_ERROR',
      message: `Origin ${JSON.stringify(entry)} must look like https://app.example.com or https://*.example.com.`,
    }
  if (isTooBroad(entry))
    return broad(
      `Origin ${JSON.stringify(entry)} is a wildcard over a public suffix: anybody can serve a page under it. Use a wildcard under a domain you hold (https://*.example.com).`,
    )
  return undefined
}

/**
 * The page-origin rule of the auth routes: the project's allow-list without the entries
 * {@link isTooBroad} refuses, so an old project row that still holds `*` allows nothing through
 * that entry (its exact origins keep working).
 */
export function isAuthOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  return isOriginAllowed(
    origin,
    allowedOrigins.filter((entry) => !isTooBroad(entry)),
  )
}
