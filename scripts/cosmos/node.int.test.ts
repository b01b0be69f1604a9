/**
 * The dev Cosmos node judged only through unmodified cosmjs clients and plain HTTP, as a wallet,
 * the server and an explorer see it: real signed transactions accepted (direct and amino),
 * balances moving by amount + fee, the seeded history found by tx_search, attacks refused with
 * the SDK's codes. The REST is judged in rest.int.test.ts.
 */
import { encodeSecp256k1Pubkey } from '@cosmjs/amino'
import {
  type DecodedTxRaw,
  decodeTxRaw,
  encodePubkey,
  makeAuthInfoBytes,
  makeSignDoc,
} from '@cosmjs/proto-signing'
import { type IndexedTx, StargateClient } from '@cosmjs/stargate'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevCosmos, startDevCosmos } from './index.js'
import { FEE, feeOf, send, testKit } from './testing.js'

let node: DevCosmos
let client: StargateClient
let kit: ReturnType<typeof testKit>
let wallet: string
let friend: string
const MONTH = 30 * 86_400_000

beforeAll(async () => {
  node = await startDevCosmos({ rpcPort: 0, restPort: 0 })
  client = await StargateClient.connect(node.rpcUrl)
  kit = testKit(node, client)
  wallet = kit.wallet
  friend = kit.friend
})
afterAll(async () => {
  client?.disconnect()
  await node?.stop()
})

const signer: ReturnType<typeof testKit>['signer'] = (...a) => kit.signer(...a)
const signed: ReturnType<typeof testKit>['signed'] = (...a) => kit.signed(...a)
const refusal: ReturnType<typeof testKit>['refusal'] = (...a) => kit.refusal(...a)
const rpc: ReturnType<typeof testKit>['rpc'] = (...a) => kit.rpc(...a)
const rest: ReturnType<typeof testKit>['rest'] = (...a) => kit.rest(...a)
const waitForTx: ReturnType<typeof testKit>['waitForTx'] = (...a) => kit.waitForTx(...a)

describe('dev Cosmos node: CometBFT RPC through cosmjs', () => {
  it('is the chain it says it is', async () => {
    expect(await client.getChainId()).toBe('latchdev-1')
    expect(node.caip2).toBe('cosmos:latchdev-1')
    const height = await client.getHeight()
    expect(height).toBeGreaterThanOrEqual(node.seed.blocks)
    const block = await client.getBlock(height)
    expect(block.header.chainId).toBe('latchdev-1')
    expect(wallet).toMatch(/^cosmos1/)
    expect(node.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:/)
  })

  it('finds the seeded history across at least 15 months, with memos and a failed tx', async () => {
    const sent = await client.searchTx(`message.sender='${wallet}'`)
    const received = await client.searchTx(`transfer.recipient='${wallet}'`)
    const all = new Map([...sent, ...received].map((t) => [t.hash, t]))
    expect(all.size).toBe(node.seed.walletTransactions)
    expect(all.size).toBeGreaterThan(30) // more than one tx_search page
    const heights = [...all.values()].map((t) => t.height).sort((a, b) => a - b)
    const first = await client.getBlock(heights[0] as number)
    const last = await client.getBlock(heights.at(-1) as number)
    const span = Date.parse(last.header.time) - Date.parse(first.header.time)
    expect(span).toBeGreaterThanOrEqual(15 * MONTH)
    const decoded = [...all.values()].map(
      (t) => [t, decodeTxRaw(t.tx)] as [IndexedTx, DecodedTxRaw],
    )
    const memos = decoded.map(([, d]) => d.body.memo)
    expect(memos.some((m) => m.startsWith('rent share'))).toBe(true)
    expect(memos.some((m) => /^thanks <.*> & more$/.test(m))).toBe(true)
    const failed = all.get(node.seed.failedTx)
    expect(failed?.code).toBe(5)
    expect(failed?.rawLog).toMatch(/spendable balance .* is smaller than .*: insufficient funds$/)
    // Both sign modes are in the history (127 = SIGN_MODE_LEGACY_AMINO_JSON).
    const modes = new Set(decoded.map(([, d]) => d.authInfo.signerInfos[0]?.modeInfo?.single?.mode))
    expect(modes).toEqual(new Set([1, 127]))
  })

  it('pages and orders tx_search as CometBFT does', async () => {
    const query = `message.sender='${wallet}'`
    const asc = await rpc('tx_search', { query, page: '1', per_page: '10', order_by: 'asc' })
    const desc = await rpc('tx_search', { query, page: '2', per_page: '10', order_by: 'desc' })
    const total = Number(asc.result.total_count)
    expect(total).toBeGreaterThan(10)
    expect(asc.result.txs).toHaveLength(10)
    const ascHeights = asc.result.txs.map((t: { height: string }) => Number(t.height))
    expect(ascHeights).toEqual([...ascHeights].sort((a, b) => a - b))
    const descHeights = desc.result.txs.map((t: { height: string }) => Number(t.height))
    expect(descHeights).toEqual([...descHeights].sort((a, b) => b - a))
    const beyond = await rpc('tx_search', { query, page: '99', per_page: '10' })
    expect(beyond.error?.data).toMatch(/page should be within \[1, \d+\] range, given 99/)
    const numeric = await rpc('tx_search', { query: `${query} AND tx.height<=3` })
    for (const t of numeric.result.txs) expect(Number(t.height)).toBeLessThanOrEqual(3)
  })

  it('sends with SigningStargateClient (direct): balances move by amount + fee', async () => {
    const before = BigInt((await client.getBalance(wallet, 'ustake')).amount)
    const friendBefore = BigInt((await client.getBalance(friend, 'ustake')).amount)
    const { sequence } = await client.getSequence(wallet)
    const signing = await signer('direct')
    const result = await signing.sendTokens(
      wallet,
      friend,
      [{ denom: 'ustake', amount: '123456' }],
      'auto',
      'direct send',
    )
    expect(result.code).toBe(0)
    const tx = await client.getTx(result.transactionHash)
    const fee = feeOf(tx?.tx as Uint8Array)
    expect(fee).toBeGreaterThan(0n)
    expect(BigInt((await client.getBalance(wallet, 'ustake')).amount)).toBe(before - 123456n - fee)
    expect(BigInt((await client.getBalance(friend, 'ustake')).amount)).toBe(friendBefore + 123456n)
    expect((await client.getSequence(wallet)).sequence).toBe(sequence + 1)
    const transfer = result.events.find(
      (e) => e.type === 'transfer' && e.attributes.some((a) => a.key === 'msg_index'),
    )
    expect(transfer?.attributes).toEqual(
      expect.arrayContaining([
        { key: 'recipient', value: friend },
        { key: 'sender', value: wallet },
        { key: 'amount', value: '123456ustake' },
      ]),
    )
    expect(
      result.events.find((e) => e.type === 'tx' && e.attributes[0]?.key === 'fee')?.attributes,
    ).toEqual([
      { key: 'fee', value: `${fee}ustake` },
      { key: 'fee_payer', value: wallet },
    ])
    const found = await client.searchTx(
      `transfer.recipient='${friend}' AND tx.height=${result.height}`,
    )
    expect(found.map((t) => t.hash)).toContain(result.transactionHash)
    signing.disconnect()
  })

  it('accepts an amino-signed (SIGN_MODE_LEGACY_AMINO_JSON) send', async () => {
    const signing = await signer('amino')
    const result = await signing.sendTokens(
      wallet,
      friend,
      [{ denom: 'ulatch', amount: '1000' }],
      'auto',
      'amino <&>',
    )
    expect(result.code).toBe(0)
    const tx = decodeTxRaw((await client.getTx(result.transactionHash))?.tx as Uint8Array)
    expect(tx.authInfo.signerInfos[0]?.modeInfo?.single?.mode).toBe(127)
    expect(tx.body.memo).toBe('amino <&>')
    signing.disconnect()
  })

  it('includes a tx that fails in its block (insufficient funds): fee charged, sequence used', async () => {
    const before = BigInt((await client.getBalance(wallet, 'ustake')).amount)
    const { sequence } = await client.getSequence(wallet)
    const signing = await signer('direct')
    const result = await signing.signAndBroadcast(
      wallet,
      [send(wallet, friend, '999999999999', 'ulatch')],
      FEE,
      'too much',
    )
    expect(result.code).toBe(5)
    expect(result.rawLog).toMatch(
      /^failed to execute message; message index: 0: spendable balance \d+ulatch is smaller than 999999999999ulatch: insufficient funds$/,
    )
    expect(BigInt((await client.getBalance(wallet, 'ustake')).amount)).toBe(before - 2500n)
    expect((await client.getSequence(wallet)).sequence).toBe(sequence + 1)
    const found = await client.searchTx(`message.sender='${wallet}' AND tx.height=${result.height}`)
    expect(found[0]?.code).toBe(5)
    signing.disconnect()
  })
})

describe('dev Cosmos node: attacks refused with the SDK codes', () => {
  it('refuses a tampered signature, then accepts the intact transaction', async () => {
    const bytes = await signed({ memo: 'intact' })
    const raw = TxRaw.decode(bytes)
    const signature = Uint8Array.from(raw.signatures[0] as Uint8Array)
    signature[10] = (signature[10] as number) ^ 1
    const error = await refusal(TxRaw.encode({ ...raw, signatures: [signature] }).finish())
    expect([error.code, error.codespace]).toEqual([4, 'sdk'])
    expect(error.log).toMatch(
      /^signature verification failed; please verify account number \(\d+\) and chain-id \(latchdev-1\): \(unable to verify single signer signature\): unauthorized$/,
    )
    const hash = await client.broadcastTxSync(bytes)
    expect((await waitForTx(hash)).code).toBe(0)
  })

  it('refuses a body changed after signing (the amount raised)', async () => {
    const original = TxRaw.decode(await signed({ msgs: [send(wallet, friend, '1000')] }))
    const other = TxRaw.decode(await signed({ msgs: [send(wallet, friend, '9000000')] }))
    const forged = TxRaw.encode({ ...original, bodyBytes: other.bodyBytes }).finish()
    expect((await refusal(forged)).code).toBe(4)
  })

  it('refuses a malleated (high-S) copy of a valid signature', async () => {
    const raw = TxRaw.decode(await signed())
    const sig = raw.signatures[0] as Uint8Array
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString('hex')}`)
    const highS = Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex')
    const malleated = Uint8Array.from([...sig.subarray(0, 32), ...highS])
    expect((await refusal(TxRaw.encode({ ...raw, signatures: [malleated] }).finish())).code).toBe(4)
  })

  it('refuses a wrong sequence (a replay of the next one, or an old one)', async () => {
    const { sequence } = await client.getSequence(wallet)
    const ahead = await refusal(await signed({ sequence: sequence + 1 }))
    expect([ahead.code, ahead.codespace]).toEqual([32, 'sdk'])
    expect(ahead.log).toBe(
      `account sequence mismatch, expected ${sequence}, got ${sequence + 1}: incorrect account sequence`,
    )
    expect((await refusal(await signed({ sequence: sequence - 1 }))).code).toBe(32)
  })

  it('refuses a signature made for another chain id, direct and amino', async () => {
    for (const mode of ['direct', 'amino'] as const) {
      const error = await refusal(await signed({ mode, chainId: 'cosmoshub-4' }))
      expect([error.code, error.codespace]).toEqual([4, 'sdk'])
      expect(error.log).toContain('chain-id (latchdev-1)')
    }
  })

  it('refuses a fee under minimum gas price × gas', async () => {
    const error = await refusal(
      await signed({ fee: { amount: [{ denom: 'ustake', amount: '2499' }], gas: '100000' } }),
    )
    expect([error.code, error.codespace]).toEqual([13, 'sdk'])
    expect(error.log).toBe(
      'insufficient fees; got: 2499ustake required: 2500ustake: insufficient fee',
    )
    const wrongDenom = await refusal(
      await signed({ fee: { amount: [{ denom: 'ulatch', amount: '99999' }], gas: '100000' } }),
    )
    expect(wrongDenom.code).toBe(13)
  })

  it("refuses a send from the wallet signed with another account's key", async () => {
    const { accountNumber, sequence } = await client.getSequence(wallet)
    const bodyBytes = TxBody.encode({
      ...TxBody.fromPartial({}),
      messages: [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: MsgSend.encode(
            MsgSend.fromPartial({
              fromAddress: wallet,
              toAddress: friend,
              amount: [{ denom: 'ustake', amount: '5000000' }],
            }),
          ).finish(),
        },
      ],
    }).finish()
    const forge = async (claimedKey: Uint8Array) => {
      const authInfoBytes = makeAuthInfoBytes(
        [{ pubkey: encodePubkey(encodeSecp256k1Pubkey(claimedKey)), sequence }],
        FEE.amount,
        Number(FEE.gas),
        undefined,
        undefined,
      )
      const doc = makeSignDoc(bodyBytes, authInfoBytes, node.chainId, accountNumber)
      // The friend's own wallet signs: it holds no key for the wallet's address.
      const { signature } = await node.accounts.friend.direct.signDirect(friend, doc)
      return TxRaw.encode({
        bodyBytes,
        authInfoBytes,
        signatures: [Buffer.from(signature.signature, 'base64')],
      }).finish()
    }
    const [friendKey] = await node.accounts.friend.direct.getAccounts()
    const [walletKey] = await node.accounts.wallet.direct.getAccounts()
    const ownKey = await refusal(await forge(friendKey?.pubkey as Uint8Array))
    expect(ownKey.code).toBe(8)
    expect(ownKey.log).toContain(`pubKey does not match signer address ${wallet}`)
    expect((await refusal(await forge(walletKey?.pubkey as Uint8Array))).code).toBe(4)
  })

  it('refuses an oversized request body', async () => {
    const response = await fetch(node.rpcUrl, { method: 'POST', body: 'x'.repeat(3_000_000) })
    expect(response.status).toBe(413)
  })

  it('refuses a replay of an included transaction', async () => {
    const bytes = await signed({ memo: 'once' })
    await waitForTx(await client.broadcastTxSync(bytes))
    const replay = await rpc('broadcast_tx_sync', { tx: Buffer.from(bytes).toString('base64') })
    expect(replay.error?.data).toBe('tx already exists in cache')
  })

  it('answers what it does not model with an error, never a guess', async () => {
    const delegate = {
      typeUrl: '/cosmos.staking.v1beta1.MsgDelegate',
      value: new Uint8Array([10, 1, 97]),
    }
    const raw = TxRaw.decode(await signed())
    const body = decodeTxRaw(TxRaw.encode(raw).finish()).body
    const bodyBytes = TxBody.encode({ ...body, messages: [delegate] }).finish()
    const error = await refusal(TxRaw.encode({ ...raw, bodyBytes }).finish())
    expect(error.code).toBe(2)
    expect(error.log).toContain('unable to resolve type URL /cosmos.staking.v1beta1.MsgDelegate')
    expect((await rpc('net_info')).error?.code).toBe(-32601)
    const query = await rpc('abci_query', {
      path: '/cosmos.staking.v1beta1.Query/Validators',
      data: '',
    })
    expect(query.result.response.code).toBe(6)
    await expect(client.getBalanceStaked(wallet)).rejects.toThrow(/unknown query path/)
    const old = await rpc('abci_query', {
      path: '/cosmos.bank.v1beta1.Query/AllBalances',
      data: '',
      height: '2',
    })
    expect(old.result.response.log).toMatch(/version does not exist/)
    expect((await rest('/cosmos/staking/v1beta1/validators')).status).toBe(501)
  })
})
