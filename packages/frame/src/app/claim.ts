/**
 * The name a page gives itself (SYNC_DAPP_DATA) is its own claim: any page may send any name.
 * The frame shows it only after the origin it verified itself, and only in a form that cannot
 * pass for that origin or rearrange the text around it.
 */

/** Longest name shown; a longer one is cut with '…' (the origin line carries the proof). */
export const MAX_SHOWN_NAME = 48

// Control characters, bidi embeddings/overrides/isolates, zero-width and other invisible
// format characters: they can reorder the surrounding sentence or hide part of the name.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/gu

/** The name as it may be shown, or undefined when nothing printable is left. */
export function cleanDappName(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const name = raw.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim()
  if (!name) return undefined
  const chars = [...name]
  return chars.length > MAX_SHOWN_NAME ? `${chars.slice(0, MAX_SHOWN_NAME - 1).join('')}…` : name
}

export type DappClaim =
  | { kind: 'name'; name: string }
  /** The name looks like a web address other than the verified one: it is not shown. */
  | { kind: 'address-like' }

// A dotted host name (`bank.example`, `xn--…`) or a scheme anywhere in the name.
const HOST_LIKE =
  /(?:[\p{L}\p{N}_-]+[.．。｡])+(?:\p{L}{2,}|xn--[\p{L}\p{N}-]+)(?![\p{L}\p{N}_-])/giu

/**
 * What the approval view says about the page's name. A name that spells a web address is shown
 * only when that address is the verified origin's own host or a parent of it (`Uniswap.org` on
 * https://app.uniswap.org); otherwise it could pass for the origin, and is replaced by a notice.
 */
export function describeClaim(name: string | undefined, origin: string): DappClaim | undefined {
  if (name === undefined) return undefined
  if (/:\/\/|\b(?:https?|javascript|data|file|blob):/i.test(name)) return { kind: 'address-like' }
  const hosts = name.match(HOST_LIKE)
  if (!hosts) return { kind: 'name', name }
  let verifiedHost = ''
  try {
    verifiedHost = new URL(origin).hostname.toLowerCase()
  } catch {}
  const matches = hosts.every((h) => {
    const host = h.replace(/[．。｡]/g, '.').toLowerCase()
    return verifiedHost === host || verifiedHost.endsWith(`.${host}`)
  })
  return matches ? { kind: 'name', name } : { kind: 'address-like' }
}
