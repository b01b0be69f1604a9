import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevBundler, startDevBundler } from '../../../../../../scripts/bundler/alto.js'
import { ENTRY_POINT_07, ENTRY_POINT_08 } from '../../../../../../scripts/devchain/aa/addresses.js'
import { installAccountAbstraction } from '../../../../../../scripts/devchain/aa/install.js'
import { type AnvilInstance, startAnvil } from '../../../../../../scripts/devchain/anvil.js'
import {
  APP_ORIGIN,
  type AuthTestApp,
  FRAME_ORIGIN,
  openAuthTestApp,
} from '../../../auth/testing.js'
import { createProject } from '../../../provider-services/projects.js'

let anvil: AnvilInstance
let bundler: DevBundler
let t: AuthTestApp
let otherProject: string
beforeAll(async () => {
  anvil = await startAnvil()
  await installAccountAbstraction(anvil.rpcUrl)
  // Port 0: alto binds its port seconds after it is picked, and picks again if another
  // process took it in between (a port picked here could be lost in that race).
  bundler = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_BUNDLER_URLS: `eip155:31337=${bundler.url}`,
  })
  otherProject = (await createProject(t.app.db, { name: 'other', origins: ['http://other.test'] }))
    .id
})
afterAll(async () => {
  await t?.close()
  await bundler?.stop()
  await anvil?.stop()
})

interface Options {
  origin?: string | null
  projectId?: string
  chainId?: string
  query?: string
}
async function post(body: unknown, o: Options = {}) {
  const query =
    o.query ??
    `projectId=${o.projectId ?? t.projectId}&chainId=${o.chainId ?? 'eip155:31337'}&bundler=alto`
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/bundler?${query}`,
    headers: o.origin === null ? {} : { origin: o.origin ?? APP_ORIGIN },
    payload: body as object,
  })
  return {
    status: res.statusCode,
    body: res.json(),
    cors: res.headers['access-control-allow-origin'],
  }
}
const call = (method: string, params?: unknown[], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
})

describe('/v1/bundler', () => {
  it("forwards the 4337 reads to the chain's bundler, for the project's pages and the frame", async () => {
    const res = await post(call('eth_supportedEntryPoints', [], 7))
    expect(res).toMatchObject({
      status: 200,
      cors: APP_ORIGIN,
      body: { id: 7, result: [ENTRY_POINT_07, ENTRY_POINT_08] },
    })
    const fromFrame = await post(call('eth_chainId'), { origin: FRAME_ORIGIN, chainId: '31337' })
    expect(fromFrame.body).toMatchObject({ result: '0x7a69' })
    const price = await post(call('pimlico_getUserOperationGasPrice', []))
    expect(price.body.result.fast.maxFeePerGas).toMatch(/^0x/)
    const missing = await post(call('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`]))
    expect(missing.body).toMatchObject({ result: null })
  })

  it('says what it serves on GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/bundler?projectId=${t.projectId}&chainId=eip155:31337`,
      headers: { origin: APP_ORIGIN },
    })
    expect(res.json()).toMatchObject({
      chainId: 'eip155:31337',
      methods: expect.arrayContaining(['eth_sendUserOperation']),
    })
  })

  it("refuses other projects' origins, unknown projects, and servers without the secret", async () => {
    const foreign = await post(call('eth_chainId'), { origin: 'http://other.test' })
    expect(foreign).toMatchObject({
      status: 403,
      body: { error: { code: 'ORIGIN_NOT_ALLOWED' } },
      cors: undefined,
    })
    // The other project's own page is served, for its project only.
    expect(
      (await post(call('eth_chainId'), { origin: 'http://other.test', projectId: otherProject }))
        .status,
    ).toBe(200)
    expect(
      (await post(call('eth_chainId'), { origin: APP_ORIGIN, projectId: otherProject })).status,
    ).toBe(403)
    expect((await post(call('eth_chainId'), { projectId: 'nope' })).body.error.code).toBe(
      'INVALID_PROJECT_ID',
    )
    expect((await post(call('eth_chainId'), { origin: null })).body.error.code).toBe(
      'PROJECT_SECRET_REQUIRED',
    )
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/v1/bundler?projectId=${t.projectId}&chainId=eip155:31337`,
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    })
    expect(preflight.statusCode).toBe(403)
  })

  it("never forwards methods off its list: signing, node reads, the bundler's debug calls", async () => {
    for (const method of [
      'debug_bundler_clearState',
      'debug_bundler_sendBundleNow',
      'eth_sendTransaction',
      'eth_call',
      'anvil_setBalance',
      'constructor',
    ]) {
      const res = await post(call(method, []))
      expect({ method, code: res.body.error?.code }).toEqual({ method, code: -32601 })
    }
  })

  it('refuses bad params with the method and the field in the message', async () => {
    const res = await post(
      call('eth_sendUserOperation', [
        { sender: '0x12', nonce: '0x0', callData: '0x', signature: '0x' },
        ENTRY_POINT_07,
      ]),
    )
    expect(res.body.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/eth_sendUserOperation: params\.0\.sender/),
    })
    const extra = await post(call('eth_getUserOperationByHash', [`0x${'ab'.repeat(32)}`, 'more']))
    expect(extra.body.error.code).toBe(-32602)
    const batch = await post([
      call('eth_chainId', [], 'a'),
      { jsonrpc: '2.0', method: 'eth_chainId' },
    ])
    expect(batch.body[0].result).toBe('0x7a69')
    expect(batch.body[1].error.code).toBe(-32600)
  })

  it('refuses bad queries and chains without a bundler with a typed 400', async () => {
    expect((await post(call('eth_chainId'), { chainId: 'eip155:1' })).body.error.code).toBe(
      'UNSUPPORTED_CHAIN',
    )
    expect(
      (await post(call('eth_chainId'), { query: `projectId=${t.projectId}` })).body.error.code,
    ).toBe('VALIDATION_ERROR')
    expect(
      (
        await post(call('eth_chainId'), {
          query: `projectId=${t.projectId}&chainId=31337&bundler=Bad Name`,
        })
      ).body.error.code,
    ).toBe('VALIDATION_ERROR')
    expect((await post(Array.from({ length: 21 }, () => call('eth_chainId')))).status).toBe(413)
  })
})
