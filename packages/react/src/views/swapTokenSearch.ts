import type { SwapToken } from './SwapApi.js'

/** An address as typed or pasted: `0x` and at least four hex digits, or a CAIP-10 id. */
const ADDRESS_LIKE = /^(?:[a-z0-9-]+:[a-z0-9]+:)?0x[0-9a-f]{4,40}$/

const tail = (caip10: string) => caip10.split(':').at(-1)?.toLowerCase() ?? ''

/**
 * The tokens a search names, in list order: by symbol or name (any part, any case), or by
 * address when the query looks like one (its start, or the whole of a pasted CAIP-10 id).
 * An empty query names every token.
 */
export function searchTokens(tokens: readonly SwapToken[], query: string): SwapToken[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...tokens]
  if (ADDRESS_LIKE.test(q)) {
    const wanted = tail(q)
    return tokens.filter((t) => tail(t.address).startsWith(wanted))
  }
  return tokens.filter(
    (t) => t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q),
  )
}
