import { describe, expect, it } from 'vitest'
import { chainClock } from './clock.js'
import type { Request } from './simulate.js'

/** A node that answers each block tag with the given block, or fails for it. */
const node =
  (blocks: Record<string, { timestamp: string } | null | Error>): Request =>
  async ({ params }) => {
    const block = blocks[params[0] as string]
    if (block instanceof Error || block === undefined) throw block ?? new Error('unknown tag')
    return block
  }

describe('chainClock', () => {
  it("reads the pending block's time: the next block's, which a router judges by", async () => {
    expect(
      await chainClock(node({ pending: { timestamp: '0x64' }, latest: { timestamp: '0x1' } })),
    ).toBe(100n)
  })

  it('falls back to the latest block, then to nothing', async () => {
    expect(await chainClock(node({ pending: null, latest: { timestamp: '0x2a' } }))).toBe(42n)
    expect(
      await chainClock(node({ pending: new Error('no pending'), latest: { timestamp: '0x2a' } })),
    ).toBe(42n)
    expect(await chainClock(node({}))).toBeUndefined()
  })
})
