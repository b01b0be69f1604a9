import {
  type Address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_CLUSTER_CAIP2, startDevSolana } from '../../../../../scripts/solana/index.js'
import { MAX_BATCH_CALLS, PROJECT_SECRET_HEADER } from '../../auth/rpc-proxy.js'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestApp } from '../../auth/testing.js'
import { issueProjectSecret } from '../../provider-services/projects.js'

// The proxy's Solana branch against the real local cluster: the reads and sendTransaction a
// wallet needs pass, everything else (airdrops, program scans, EVM methods) does not, and an
// upstream that serves another cluster is refused.
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const UNCONFIGURED = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'

let cluster: Awaited<ReturnType<typeof startDevSolana>>
let t: AuthTestApp
let url: string
let secret: string
beforeAll(async () => {
  cluster = await startDevSolana({ port: 0 })
  t = await openAuthTestApp({
    // Devnet is configured to the local cluster, which is not devnet: the proxy must notice.
    LATCH_SOLANA_CLUSTERS: `${LOCAL_CLUSTER_CAIP2}=${cluster.rpcUrl},${DEVNET}=${cluster.rpcUrl}`,
  })
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  secret = (await issueProjectSecret(t.app.db, t.projectId))!
})
afterAll(async () => {
  await t?.close()
  await cluster?.stop()
})

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

function post(body: unknown, options: { chainId?: string; origin?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/?chainId=${encodeURIComponent(options.chainId ?? LOCAL_CLUSTER_CAIP2)}&projectId=${t.projectId}`,
    headers: { origin: options.origin ?? FRAME_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: options.ip ?? '10.8.0.1',
  })
}

/** @solana/kit's own client, as a page or a server uses it, pointed at the proxy. */
const proxied = () =>
  createSolanaRpc(
    `${url}/v1/?chainId=${encodeURIComponent(LOCAL_CLUSTER_CAIP2)}&projectId=${t.projectId}`,
    { headers: { [PROJECT_SECRET_HEADER]: secret } },
  )
const direct = () => createSolanaRpc(cluster.rpcUrl)

async function transfer(from: KeyPairSigner, to: Address, amount: bigint) {
  const { value: blockhash } = await proxied().getLatestBlockhash().send()
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
        m,
      ),
    (m) => signTransactionMessageWithSigners(m),
  )
}

describe('RPC proxy, Solana clusters', () => {
  it('answers the reads a wallet needs through @solana/kit, from the configured cluster', async () => {
    const rpc = proxied()
    const { value } = await rpc.getLatestBlockhash().send()
    expect(value.blockhash).toBe((await direct().getLatestBlockhash().send()).value.blockhash)
    expect(await rpc.getGenesisHash().send()).toBe(await direct().getGenesisHash().send())
    const wallet = cluster.seed.keys.accounts.wallet.address
    expect((await rpc.getBalance(wallet).send()).value).toBe(
      (await direct().getBalance(wallet).send()).value,
    )
  })

  it('keeps every digit of u64 values beyond 2^53', async () => {
    const whale = (await generateKeyPairSigner()).address
    const huge = 2n ** 60n + 7n
    cluster.ledger.svm.setAccount({
      address: whale,
      lamports: lamports(huge),
      data: new Uint8Array(),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      executable: false,
      space: 0n,
    })
    const res = await post(call('getBalance', [whale]))
    expect(res.body).toContain(`"value":${huge}`)
    expect((await proxied().getBalance(whale).send()).value).toBe(huge)
    const info = await post(call('getAccountInfo', [whale, { encoding: 'base64' }]))
    expect(info.body).toContain('"rentEpoch":18446744073709551615')
  })

  it('sends a signed transfer, which lands on the cluster', async () => {
    const to = (await generateKeyPairSigner()).address
    const signed = await transfer(cluster.seed.keys.accounts.friend, to, 12_345_678n)
    const signature = await proxied()
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
    expect((await direct().getBalance(to).send()).value).toBe(12_345_678n)
    const { value } = await direct().getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toBeNull()
  })

  it('hands the node’s preflight failure back whole: code, message and simulation data', async () => {
    const broke = await generateKeyPairSigner()
    cluster.ledger.svm.setAccount({
      address: broke.address,
      lamports: lamports(1_000_000n),
      data: new Uint8Array(),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      executable: false,
      space: 0n,
    })
    const to = (await generateKeyPairSigner()).address
    const signed = await transfer(broke, to, 5_000_000_000n)
    const res = await post(
      call(
        'sendTransaction',
        [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }],
        'x',
      ),
    )
    const { error } = res.json()
    expect(error.code).toBe(-32002)
    expect(error.message).toMatch(/^Transaction simulation failed/)
    expect(error.data.logs.length).toBeGreaterThan(0)
    expect((await direct().getBalance(to).send()).value).toBe(0n)
  })

  it('refuses airdrops, program scans, history reads and EVM methods on a Solana cluster', async () => {
    const wallet = cluster.seed.keys.accounts.wallet.address
    const before = (await direct().getBalance(wallet).send()).value
    for (const [method, params] of [
      ['requestAirdrop', [wallet, 1_000_000_000]],
      ['getProgramAccounts', ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']],
      ['getSignaturesForAddress', [wallet]],
      ['eth_chainId', []],
      ['eth_sendRawTransaction', ['0x00']],
    ] as const) {
      const res = await post(call(method, [...params]))
      expect(res.statusCode).toBe(200)
      expect(res.json().error).toEqual({
        code: -32601,
        message: 'Method not available through this proxy',
      })
    }
    expect((await direct().getBalance(wallet).send()).value).toBe(before)
  })

  it('answers a batch call by call, and holds it to the EVM batch limit', async () => {
    const res = await post([
      call('getSlot', [], 'a'),
      call('requestAirdrop', [], 'b'),
      { jsonrpc: '2.0', id: 'c', method: 'getSlot', params: 'not an array' },
    ])
    const [slot, airdrop, malformed] = res.json()
    expect(slot).toMatchObject({ id: 'a', result: expect.any(Number) })
    expect(airdrop).toMatchObject({ id: 'b', error: { code: -32601 } })
    expect(malformed).toMatchObject({ id: null, error: { code: -32600 } })
    const tooMany = [...Array(MAX_BATCH_CALLS + 1)].map((_, i) => call('getSlot', [], i))
    expect((await post(tooMany, { ip: '10.8.0.2' })).statusCode).toBe(413)
  })

  it('refuses an unconfigured or malformed cluster as it does an unknown chain', async () => {
    const unknown = await post(call('getSlot'), { chainId: UNCONFIGURED })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.code).toBe('UNSUPPORTED_CHAIN')
    for (const chainId of ['solana:short', `solana:${'0'.repeat(32)}`, 'solana:'])
      expect((await post(call('getSlot'), { chainId })).statusCode).toBe(400)
  })

  it('refuses an upstream that serves another cluster than the one it is configured for', async () => {
    const res = await post(call('getSlot'), { chainId: DEVNET })
    expect(res.statusCode).toBe(502)
    expect(res.json().error.code).toBe('UPSTREAM_ERROR')
    expect(res.body).not.toContain(cluster.rpcUrl)
  })

  it('holds Solana calls to the same origin and secret checks', async () => {
    const evil = await post(call('getSlot'), { origin: 'http://evil.test' })
    expect(evil.statusCode).toBe(403)
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
    const app = await post(call('getSlot'), { origin: APP_ORIGIN })
    expect(app.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/v1/?chainId=${LOCAL_CLUSTER_CAIP2}&projectId=${t.projectId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(call('sendTransaction', ['AA=='])),
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
