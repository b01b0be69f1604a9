import type { Hex } from 'viem'
import type { Request } from './simulate.js'

const timestampOf = (request: Request, tag: 'pending' | 'latest') =>
  request({ method: 'eth_getBlockByNumber', params: [tag, false] }).then((block) => {
    const timestamp = (block as { timestamp?: Hex } | null)?.timestamp
    if (!timestamp) throw new Error(`no ${tag} block`)
    return BigInt(timestamp)
  })

/**
 * The time the router will judge a deadline by: the next block's, which a node gives as its
 * pending block. A chain that mines only on demand (the dev chain) may have its latest block
 * minutes old, so that is only the fallback; undefined when the node answers neither.
 */
export async function chainClock(request: Request): Promise<bigint | undefined> {
  try {
    return await timestampOf(request, 'pending')
  } catch {
    return timestampOf(request, 'latest').catch(() => undefined)
  }
}
