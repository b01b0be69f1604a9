import Bowser from 'bowser'

/** What the approval mail and page say when the request named no browser we know. */
export const UNKNOWN_DEVICE = 'an unknown device'

/** Keeps a parsed name or version to plain words: the header is the caller's to write. */
const clean = (value: string | undefined, max: number) =>
  (value ?? '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, max)

/**
 * "Chrome 120 on macOS 10.15.7" from a User-Agent header, for the device-approval mail and page
 * (docs/custody.md#sign-in-codes). The browser's major version is enough to tell devices apart.
 */
export function describeAgent(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE
  let parsed: Bowser.Parser.ParsedResult
  try {
    parsed = Bowser.parse(userAgent.slice(0, 512))
  } catch {
    return UNKNOWN_DEVICE
  }
  const browser = clean(parsed.browser.name, 40)
  const major = clean(parsed.browser.version?.split('.')[0], 10)
  const os = clean(parsed.os.name, 40)
  const osVersion = clean(parsed.os.versionName ?? parsed.os.version, 20)
  if (!browser && !os) return UNKNOWN_DEVICE
  const named = browser ? `${browser}${major ? ` ${major}` : ''}` : 'a browser'
  return os ? `${named} on ${os}${osVersion ? ` ${osVersion}` : ''}` : named
}

/** "2026-11-27 10:02 UTC": the time a mail names, in one zone for everyone. */
export function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
