/**
 * The Esplora pass-through judged against the dev node: every route answers what the node
 * answers (status, text, type), a broadcast's refusal carries the node's reason, and every
 * attack is refused before anything reaches the node (counted at the upstream's fetch).
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedTransaction } from '../../../../../scripts/bitcoin/transactions.js'
import { createProject, issueProjectSecret } from '../../provider-services/projects.js'
import { MAX_TX_HEX, PROJECT_SECRET_HEADER } from './esplora-routes.js'
import {
  type BitcoinTestStack,
  keys,
  nodeClient,
  paymentChain,
  REGTEST,
  startBitcoinStack,
} from './testing.js'

const PAGE = 'http://localhost:5173'
let stack: BitcoinTestStack
let node: ReturnType<typeof nodeClient>
let app: FastifyInstance
let projectId = ''
let secret = ''
let forwarded = 0
const address = keys.payment.address

beforeAll(async () => {
  stack = await startBitcoinStack({
    fetch: (input, init) => {
      forwarded++
      return fetch(input, init)
    },
  })
  app = stack.app
  node = nodeClient(stack.bitcoin.url)
  const project = await createProject(stack.db.handle.db, { name: 'Esplora', origins: [PAGE] })
  projectId = project.id
  secret = (await issueProjectSecret(stack.db.handle.db, projectId)) as string
})
afterAll(async () => {
  await stack?.close()
})

const call = (
  path: string,
  options: {
    body?: string
    origin?: string | null
    project?: string
    secret?: string
    type?: string
  } = {},
) =>
  app.inject({
    method: options.body === undefined ? 'GET' : 'POST',
    url: `/v1/esplora/${path}${path.includes('?') ? '&' : '?'}projectId=${options.project ?? projectId}`,
    headers: {
      ...(options.origin === null ? {} : { origin: options.origin ?? PAGE }),
      ...(options.secret ? { [PROJECT_SECRET_HEADER]: options.secret } : {}),
      ...(options.body === undefined ? {} : { 'content-type': options.type ?? 'text/plain' }),
    },
    ...(options.body === undefined ? {} : { payload: options.body }),
  })
const same = async (path: string) => {
  const ours = await call(`${REGTEST}${path}`)
  const theirs = await node.get(path)
  expect({ path, status: ours.statusCode, body: ours.body }).toEqual({
    path,
    status: theirs.status,
    body: theirs.text,
  })
  expect(ours.headers['content-type']?.toString().split(';')[0]).toBe(theirs.type?.split(';')[0])
  return ours
}
const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error

describe('the Esplora pass-through against the dev node', () => {
  it("answers exactly the node's answers", async () => {
    const [latest] = await node.history(address)
    const txid = latest?.txid as string
    for (const path of [
      `/address/${address}`,
      `/address/${address}/utxo`,
      `/address/${keys.ordinal.address}`,
      '/fee-estimates',
      `/tx/${txid}/status`,
      `/tx/${txid}/hex`,
      `/tx/${'0'.repeat(64)}/status`,
    ])
      await same(path)
    expect((await call(`${REGTEST}/tx/${'0'.repeat(64)}/hex`)).statusCode).toBe(404)
    expect((await call(`${REGTEST}/fee-estimates`)).headers['access-control-allow-origin']).toBe(
      PAGE,
    )
  })

  it("broadcasts a payment (the txid as text), and passes the node's reason for a double spend and a corrupted one", async () => {
    const coin = await node.paymentCoin()
    const [payment] = paymentChain(coin, 1)
    const sent = await call(`${REGTEST}/tx`, { body: payment?.hex as string })
    expect({ status: sent.statusCode, body: sent.body }).toEqual({
      status: 200,
      body: payment?.txid,
    })
    expect(sent.headers['content-type']).toMatch(/^text\/plain/)
    expect((await node.json<{ confirmed: boolean }>(`/tx/${payment?.txid}/status`)).confirmed).toBe(
      false,
    )

    // The same coin to someone else: the node's own 400, word for word.
    const double = signedTransaction(
      [coin],
      [{ address: keys.friend.address, value: coin.value - 5_000 }],
    )
    const refused = await call(`${REGTEST}/tx`, { body: double.hex })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toMatch(/^sendrawtransaction RPC error: .*bad-txns-inputs-spent/)
    // A corrupted signature: one byte of the witness flipped.
    const other = await node.paymentCoin(500_000, [coin.txid])
    const good = signedTransaction(
      [other],
      [
        { address: keys.friend.address, value: 20_000 },
        { address, value: other.value - 21_000 },
      ],
    )
    const at = good.hex.length - 80
    const corrupted = `${good.hex.slice(0, at)}${good.hex[at] === '0' ? '1' : '0'}${good.hex.slice(at + 1)}`
    const bad = await call(`${REGTEST}/tx`, { body: corrupted })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toMatch(/^sendrawtransaction RPC error: /)
    expect(bad.body).toBe((await node.broadcast(corrupted)).text)
    await node.mine(1)
  })

  it('refuses attacks with clear 400s before forwarding anything', async () => {
    const before = forwarded
    const cases: [string, { body?: string; type?: string }, number, string][] = [
      [`${REGTEST}/address/..%2F..%2Fblocks%2Ftip%2Fheight`, {}, 400, 'INVALID_ADDRESS'],
      [`${REGTEST}/address/${address}%2F..%2F..%2Fblocks/utxo`, {}, 400, 'INVALID_ADDRESS'],
      [`${REGTEST}/address/bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l`, {}, 400, 'INVALID_ADDRESS'],
      [`${REGTEST}/tx/..%2F..%2Faddress/status`, {}, 400, 'INVALID_TXID'],
      [`${REGTEST}/tx/${'g'.repeat(64)}/hex`, {}, 400, 'INVALID_TXID'],
      ['bip122:000000000019d6689c085ae165831e93/fee-estimates', {}, 400, 'UNSUPPORTED_CHAIN'],
      ['eip155:1/fee-estimates', {}, 400, 'UNSUPPORTED_CHAIN'],
      [
        `${REGTEST}/tx`,
        { body: 'not hex at all, but long enough to look like a transaction body....'.repeat(3) },
        400,
        'INVALID_TRANSACTION',
      ],
      [`${REGTEST}/tx`, { body: '0200' }, 400, 'INVALID_TRANSACTION'],
      [`${REGTEST}/tx`, { body: `${'ab'.repeat(100)}0` }, 400, 'INVALID_TRANSACTION'],
      [`${REGTEST}/tx`, { body: 'ab'.repeat(MAX_TX_HEX) }, 413, 'PAYLOAD_TOO_LARGE'],
      [
        `${REGTEST}/tx`,
        { body: `{"hex":"${'ab'.repeat(100)}"}`, type: 'application/json' },
        400,
        'INVALID_TRANSACTION',
      ],
    ]
    for (const [path, options, status, code] of cases) {
      const response = await call(path, options)
      expect({
        path: path.slice(0, 80),
        status: response.statusCode,
        code: codeOf(response).code,
      }).toEqual({
        path: path.slice(0, 80),
        status,
        code,
      })
    }
    expect(forwarded).toBe(before)
  })

  it('is project-scoped: unknown project, another page, and a script without the secret are refused', async () => {
    const path = `${REGTEST}/address/${address}`
    const before = forwarded
    expect(codeOf(await call(path, { project: 'no-such-project' })).code).toBe('INVALID_PROJECT_ID')
    expect(codeOf(await call(path, { origin: 'http://evil.example' })).code).toBe(
      'ORIGIN_NOT_ALLOWED',
    )
    const noOrigin = await call(path, { origin: null })
    expect({ status: noOrigin.statusCode, code: codeOf(noOrigin).code }).toEqual({
      status: 401,
      code: 'PROJECT_SECRET_REQUIRED',
    })
    expect((await call(path, { origin: null, secret: 'lps_wrong' })).statusCode).toBe(401)
    expect(forwarded).toBe(before)
    expect((await call(path, { origin: null, secret })).statusCode).toBe(200)
  })
})
