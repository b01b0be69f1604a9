/**
 * The dev Cosmos node's REST judged against its RPC, both read with plain HTTP and unmodified
 * cosmjs clients: the same balances, accounts, transactions, simulation and blocks.
 */
import { StargateClient } from '@cosmjs/stargate'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevCosmos, startDevCosmos } from './index.js'
import { testKit } from './testing.js'

let node: DevCosmos
let client: StargateClient
let kit: ReturnType<typeof testKit>
let wallet: string

beforeAll(async () => {
  node = await startDevCosmos({ rpcPort: 0, restPort: 0 })
  client = await StargateClient.connect(node.rpcUrl)
  kit = testKit(node, client)
  wallet = kit.wallet
})
afterAll(async () => {
  client?.disconnect()
  await node?.stop()
})

const signed: ReturnType<typeof testKit>['signed'] = (...a) => kit.signed(...a)
const rpc: ReturnType<typeof testKit>['rpc'] = (...a) => kit.rpc(...a)
const rest: ReturnType<typeof testKit>['rest'] = (...a) => kit.rest(...a)
const waitForTx: ReturnType<typeof testKit>['waitForTx'] = (...a) => kit.waitForTx(...a)

describe('dev Cosmos node: REST answers as the RPC does', () => {
  it('balances, accounts and denom metadata', async () => {
    const balances = await rest(`/cosmos/bank/v1beta1/balances/${wallet}`)
    expect(balances.status).toBe(200)
    expect(balances.body.balances).toEqual(await client.getAllBalances(wallet))
    const account = await rest(`/cosmos/auth/v1beta1/accounts/${wallet}`)
    const viaRpc = await client.getAccount(wallet)
    expect(account.body.account).toMatchObject({
      '@type': '/cosmos.auth.v1beta1.BaseAccount',
      address: wallet,
      account_number: String(viaRpc?.accountNumber),
      sequence: String(viaRpc?.sequence),
      pub_key: { '@type': '/cosmos.crypto.secp256k1.PubKey', key: viaRpc?.pubkey?.value },
    })
    const metadata = await rest('/cosmos/bank/v1beta1/denoms_metadata/ustake')
    expect(metadata.body.metadata).toMatchObject({
      base: 'ustake',
      display: 'stake',
      symbol: 'STAKE',
    })
    const stranger = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
    expect(await client.getAccount(stranger)).toBeNull()
    expect((await rest(`/cosmos/auth/v1beta1/accounts/${stranger}`)).status).toBe(404)
    expect((await rest('/cosmos/bank/v1beta1/balances/osmo1notanaddress')).status).toBe(400)
  })

  it('txs by hash and by query (query= and events=) equal the RPC records', async () => {
    const viaRpc = await client.searchTx(`message.sender='${wallet}'`)
    const query = encodeURIComponent(`message.sender='${wallet}'`)
    const byQuery = await rest(
      `/cosmos/tx/v1beta1/txs?query=${query}&limit=100&order_by=ORDER_BY_ASC`,
    )
    const byEvents = await rest(`/cosmos/tx/v1beta1/txs?events=${query}&limit=100`)
    const hashes = viaRpc.map((t) => t.hash)
    expect(byQuery.body.tx_responses.map((t: { txhash: string }) => t.txhash)).toEqual(hashes)
    expect(byEvents.body.tx_responses.map((t: { txhash: string }) => t.txhash)).toEqual(hashes)
    expect(byQuery.body.total).toBe(String(hashes.length))
    // Pages and order as the RPC's: page 2 of 10, newest first.
    const page = await rest(
      `/cosmos/tx/v1beta1/txs?query=${query}&page=2&limit=10&order_by=ORDER_BY_DESC`,
    )
    const rpcPage = await rpc('tx_search', {
      query: `message.sender='${wallet}'`,
      page: '2',
      per_page: '10',
      order_by: 'desc',
    })
    expect(page.body.tx_responses.map((t: { txhash: string }) => t.txhash)).toEqual(
      rpcPage.result.txs.map((t: { hash: string }) => t.hash),
    )
    expect((await rest(`/cosmos/tx/v1beta1/txs?query=${query}&order_by=sideways`)).status).toBe(400)
    expect((await rest('/cosmos/tx/v1beta1/txs')).status).toBe(400)
    const failed = await rest(`/cosmos/tx/v1beta1/txs/${node.seed.failedTx}`)
    const failedRpc = await client.getTx(node.seed.failedTx)
    expect(failed.body.tx_response).toMatchObject({
      txhash: node.seed.failedTx,
      height: String(failedRpc?.height),
      code: 5,
      codespace: 'sdk',
      raw_log: failedRpc?.rawLog,
      gas_used: String(failedRpc?.gasUsed),
    })
    expect(failed.body.tx_response.events).toHaveLength(failedRpc?.events.length as number)
    expect(failed.body.tx.body.memo).toBe('too much')
    expect((await rest(`/cosmos/tx/v1beta1/txs/${'0'.repeat(64)}`)).status).toBe(404)
  })

  it('simulates and broadcasts like the RPC', async () => {
    const bytes = await signed({ memo: 'over REST' })
    const txBytes = Buffer.from(bytes).toString('base64')
    const post = (path: string, body: unknown) =>
      rest(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const simulated = await post('/cosmos/tx/v1beta1/simulate', { tx_bytes: txBytes })
    expect(Number(simulated.body.gas_info.gas_used)).toBeGreaterThan(50_000)
    const data = Buffer.from(SimulateRequest.encode({ txBytes: bytes }).finish()).toString('hex')
    const query = await rpc('abci_query', { path: '/cosmos.tx.v1beta1.Service/Simulate', data })
    const viaRpc = SimulateResponse.decode(Buffer.from(query.result.response.value, 'base64'))
    expect(simulated.body.gas_info.gas_used).toBe(String(viaRpc.gasInfo?.gasUsed))
    const broadcast = await post('/cosmos/tx/v1beta1/txs', {
      tx_bytes: txBytes,
      mode: 'BROADCAST_MODE_SYNC',
    })
    expect(broadcast.body.tx_response.code).toBe(0)
    expect((await waitForTx(broadcast.body.tx_response.txhash)).code).toBe(0)
    const again = await post('/cosmos/tx/v1beta1/txs', {
      tx_bytes: txBytes,
      mode: 'BROADCAST_MODE_SYNC',
    })
    expect(again.body.tx_response.code).toBe(19)
  })

  it('node info and the latest block', async () => {
    const info = await rest('/cosmos/base/tendermint/v1beta1/node_info')
    expect(info.body.default_node_info.network).toBe('latchdev-1')
    const latest = await rest('/cosmos/base/tendermint/v1beta1/blocks/latest')
    expect(Number(latest.body.block.header.height)).toBe(await client.getHeight())
  })
})
