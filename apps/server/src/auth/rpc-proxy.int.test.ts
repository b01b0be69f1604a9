import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestApp } from './testing.js'

let anvil: AnvilInstance
let t: AuthTestApp
beforeAll(async () => {
  anvil = await startAnvil()
  t = await openAuthTestApp({ LATCH_CHAIN_RPC_URL: anvil.rpcUrl })
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

async function rpc(
  body: unknown,
  options: { origin?: string; chainId?: string; projectId?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/?chainId=${options.chainId ?? '31337'}&projectId=${options.projectId ?? t.projectId}`,
    headers: { origin: options.origin ?? FRAME_ORIGIN },
    payload: body as object,
  })
  return {
    status: res.statusCode,
    body: res.json(),
    cors: res.headers['access-control-allow-origin'],
  }
}

describe('POST /v1/ (JSON-RPC proxy)', () => {
  it('forwards reads to the node, for the frame and the project origins', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(res).toMatchObject({
      status: 200,
      body: { id: 1, result: '0x7a69' },
      cors: FRAME_ORIGIN,
    })
    const fromApp = await rpc(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'eth_getBalance',
        params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'],
      },
      { origin: APP_ORIGIN, chainId: 'eip155:31337' },
    )
    expect(BigInt(fromApp.body.result)).toBeGreaterThan(0n)
  })

  it('never forwards signing or account methods', async () => {
    for (const method of [
      'eth_sendTransaction',
      'personal_sign',
      'eth_accounts',
      'anvil_setBalance',
    ]) {
      const res = await rpc({ jsonrpc: '2.0', id: 3, method, params: [] })
      expect(res.body.error.code).toBe(-32601)
    }
  })

  it('answers batches call by call', async () => {
    const res = await rpc([
      { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 'b', method: 'eth_sign', params: [] },
    ])
    expect(res.body[0].result).toMatch(/^0x/)
    expect(res.body[1].error.code).toBe(-32601)
  })

  it('refuses other chains, unknown projects and foreign origins', async () => {
    expect(
      (await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { chainId: '1' })).status,
    ).toBe(400)
    expect(
      (await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { projectId: 'nope' })).status,
    ).toBe(403)
    const evil = await rpc(
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { origin: 'http://evil.test' },
    )
    expect(evil.status).toBe(403)
    expect(evil.cors).toBeUndefined()
  })
})
