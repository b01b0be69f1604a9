/** A JSON-RPC refusal of one call, answered in place of the upstream's. */
export interface CallRefusal {
  code: number
  message: string
}

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,15})$/
const TAGS = new Set(['earliest', 'latest', 'pending', 'safe', 'finalized'])

/** The block number a tag stands for now (`latest`, `safe`, `finalized`), from the upstream. */
export type BlockOfTag = (tag: 'latest' | 'safe' | 'finalized') => Promise<bigint>

async function blockNumberOf(value: unknown, blockOf: BlockOfTag): Promise<bigint | undefined> {
  if (value === undefined) return blockOf('latest')
  if (typeof value !== 'string') return undefined
  if (QUANTITY.test(value)) return BigInt(value)
  if (!TAGS.has(value)) return undefined
  if (value === 'earliest') return 0n
  // A pending block is the next one: as wide as latest for a range's sake.
  return blockOf(value === 'pending' ? 'latest' : (value as 'latest' | 'safe' | 'finalized'))
}

/**
 * eth_getLogs over at most `maxBlocks` blocks, tags resolved against the upstream's head: one
 * call from `earliest` to `latest` would make a node scan the whole chain. A `blockHash` filter
 * names one block and passes.
 */
export async function checkLogRange(
  params: readonly unknown[] | undefined,
  maxBlocks: number,
  blockOf: BlockOfTag,
): Promise<CallRefusal | undefined> {
  const filter = params?.[0]
  if (
    params?.length !== 1 ||
    typeof filter !== 'object' ||
    filter === null ||
    Array.isArray(filter)
  )
    return { code: -32602, message: 'eth_getLogs takes one filter object' }
  const { fromBlock, toBlock, blockHash } = filter as Record<string, unknown>
  if (blockHash !== undefined)
    return fromBlock === undefined && toBlock === undefined
      ? undefined
      : { code: -32602, message: 'eth_getLogs takes blockHash or fromBlock/toBlock, not both' }
  const from = await blockNumberOf(fromBlock, blockOf)
  const to = await blockNumberOf(toBlock, blockOf)
  if (from === undefined || to === undefined)
    return {
      code: -32602,
      message: 'eth_getLogs: fromBlock and toBlock must be block numbers or tags',
    }
  if (to - from + 1n > BigInt(maxBlocks))
    return {
      code: -32005,
      message: `eth_getLogs covers at most ${maxBlocks} blocks here (asked ${to - from + 1n}): narrow fromBlock/toBlock, or filter by blockHash`,
    }
  return undefined
}
