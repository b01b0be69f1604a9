/**
 * Blocks on demand (`blocks: 'manual'`, what tests use instead of timers): transactions wait in
 * the mempool, CheckTx runs against the mempool's state (so a wallet can queue sequence n and
 * n+1), and `POST /dev/mine` makes the block, at a given time if asked.
 */
import { StargateClient } from '@cosmjs/stargate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevCosmos, startDevCosmos } from './index.js'
import { send, testKit } from './testing.js'

let node: DevCosmos
let client: StargateClient
let kit: ReturnType<typeof testKit>

beforeAll(async () => {
  node = await startDevCosmos({ rpcPort: 0, restPort: 0, blocks: 'manual' })
  client = await StargateClient.connect(node.rpcUrl)
  kit = testKit(node, client)
})
afterAll(async () => {
  client?.disconnect()
  await node?.stop()
})

async function mine(body: unknown = {}) {
  const response = await fetch(`${node.rpcUrl}/dev/mine`, {
    method: 'POST',
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { heights: string[] } }
}

describe('dev Cosmos node: blocks on demand', () => {
  it('queues sequence n and n+1 in the mempool and includes both in one block', async () => {
    const height = await client.getHeight()
    const { sequence } = await client.getSequence(kit.wallet)
    const first = await client.broadcastTxSync(await kit.signed({ sequence, memo: 'first' }))
    const second = await client.broadcastTxSync(
      await kit.signed({ sequence: sequence + 1, memo: 'second' }),
    )
    // A third signed for sequence n again is refused: the mempool's state already used it.
    const again = await kit.refusal(await kit.signed({ sequence, memo: 'again' }))
    expect(again.code).toBe(32)
    const pending = await kit.rpc('num_unconfirmed_txs')
    expect(pending.result.total).toBe('2')
    expect(await client.getTx(first)).toBeNull()
    expect(await client.getHeight()).toBe(height)

    const mined = await mine()
    expect(mined.status).toBe(200)
    expect(mined.body.heights).toEqual([String(height + 1)])
    const [a, b] = [await client.getTx(first), await client.getTx(second)]
    expect([a?.height, a?.txIndex, a?.code]).toEqual([height + 1, 0, 0])
    expect([b?.height, b?.txIndex, b?.code]).toEqual([height + 1, 1, 0])
    expect((await client.getBlock(height + 1)).txs).toHaveLength(2)
    expect((await client.getSequence(kit.wallet)).sequence).toBe(sequence + 2)
  })

  it('mines empty blocks at a requested time, never before the last block', async () => {
    const height = await client.getHeight()
    const last = Date.parse((await client.getBlock(height)).header.time)
    const at = new Date(last + 3_600_000).toISOString()
    const mined = await mine({ blocks: 2, time: at })
    expect(mined.body.heights).toEqual([String(height + 1), String(height + 2)])
    expect(Date.parse((await client.getBlock(height + 1)).header.time)).toBe(Date.parse(at))
    const second = Date.parse((await client.getBlock(height + 2)).header.time)
    expect(second).toBeGreaterThan(Date.parse(at))
    expect((await mine({ blocks: 0 })).status).toBe(400)
  })

  it('answers the block range of `blockchain`, newest first', async () => {
    const height = await client.getHeight()
    const range = await kit.rpc('blockchain', {
      minHeight: String(height - 2),
      maxHeight: String(height),
    })
    expect(
      range.result.block_metas.map((m: { header: { height: string } }) => Number(m.header.height)),
    ).toEqual([height, height - 1, height - 2])
    const sent = send(kit.wallet, kit.friend, '1')
    expect(sent.typeUrl).toBe('/cosmos.bank.v1beta1.MsgSend')
  })
})
