import http from 'node:http'
import net from 'node:net'
import { createPublicClient, http as viemHttp } from 'viem'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type AnvilInstance, DEV_CHAIN_ID, probeChain, startAnvil } from './anvil.js'
import { freePort } from './ports.js'

describe('startAnvil', () => {
  let anvil: AnvilInstance
  const genesis = Math.floor(Date.UTC(2023, 0, 1) / 1000)
  beforeAll(async () => {
    anvil = await startAnvil({ genesisTimestamp: genesis })
  })
  afterAll(() => anvil.stop())

  it('serves the dev chain id with a past genesis', async () => {
    const client = createPublicClient({ transport: viemHttp(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(DEV_CHAIN_ID)
    const block = await client.getBlock({ blockNumber: 0n })
    expect(Number(block.timestamp)).toBe(genesis)
  })

  it('stops cleanly, after which nothing answers', async () => {
    const other = await startAnvil()
    expect(await probeChain(other.rpcUrl)).toBe(DEV_CHAIN_ID)
    await other.stop()
    expect(await probeChain(other.rpcUrl, 300)).toBeNull()
  })

  it('starts on a fresh port when another process took the picked one first', async () => {
    // The race: the port was free when picked, and another process bound it before anvil did.
    const raced = await startPastSquatter(net.createServer((socket) => socket.destroy()))
    expect(await probeChain(raced.rpcUrl)).toBe(DEV_CHAIN_ID)
  })

  it("never takes another file's chain for its own when that one took the picked port first", async () => {
    // The race seen in a rehearsal: another test file's anvil bound the picked port first and
    // answered the probe with the dev chain id while this anvil died of EADDRINUSE; both files
    // then shared one chain. The squatter answers like an anvil on the dev chain.
    const squatter = http.createServer((_, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id: 1, result: `0x${DEV_CHAIN_ID.toString(16)}` }),
      )
    })
    const raced = await startPastSquatter(squatter, async (taken) => {
      expect(await probeChain(`http://127.0.0.1:${taken}`)).toBe(DEV_CHAIN_ID)
    })
    const client = createPublicClient({ transport: viemHttp(raced.rpcUrl) })
    expect(await client.getBlockNumber()).toBe(0n)
  })
})

/**
 * Starts anvil with `squatter` on the first port it picks, checks it moved to the second, and
 * stops both once the test is over.
 */
async function startPastSquatter(
  squatter: net.Server,
  beforeStart?: (taken: number) => Promise<void>,
): Promise<AnvilInstance> {
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
  onTestFinished(async () => {
    if (squatter instanceof http.Server) squatter.closeAllConnections()
    await new Promise((resolve) => squatter.close(resolve))
  })
  const taken = (squatter.address() as net.AddressInfo).port
  await beforeStart?.(taken)
  const picked: number[] = []
  const raced = await startAnvil({
    pickPort: async (host) => {
      picked.push(picked.length === 0 ? taken : await freePort(host))
      return picked.at(-1) as number
    },
  })
  onTestFinished(() => raced.stop())
  expect(picked).toHaveLength(2)
  expect(raced.port).toBe(picked[1])
  return raced
}
