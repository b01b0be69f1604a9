import { type Address, encodeAbiParameters, type Hash, pad } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeLog } from './decode.js'
import { EMPTY_SPAM_POLICY } from './spam.js'
import type { ChainEvent } from './types.js'
import { TOPIC_USER_OPERATION_EVENT } from './userOperations.js'
import type { StoredTx } from './wire.js'
import { toWireTransaction, toWireTransactions } from './wire.js'

const ENTRY_POINT = '0x0000000071727de22e5e9d8baf0edac6f37da032' as Address
const account = '0x1111111111111111111111111111111111111111' as Address
const bundler = '0x2222222222222222222222222222222222222222' as Address
const paymaster = '0x3333333333333333333333333333333333333333' as Address
const recipient = '0x4444444444444444444444444444444444444444' as Address
const token = '0x5555555555555555555555555555555555555555' as Address
const txHash = `0x${'ab'.repeat(32)}` as Hash
const opHash = `0x${'cd'.repeat(32)}` as Hash

function opLog(opts: { emitter?: string; success?: boolean; payer?: Address; nonce?: bigint }) {
  return {
    address: opts.emitter ?? ENTRY_POINT,
    topics: [
      TOPIC_USER_OPERATION_EVENT,
      opHash,
      pad(account),
      pad(opts.payer ?? '0x0000000000000000000000000000000000000000'),
    ],
    data: encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }],
      [opts.nonce ?? 3n, opts.success ?? true, 12_345n, 100_000n],
    ),
    logIndex: '0x7',
    transactionHash: txHash,
  }
}

describe('decoding UserOperationEvent', () => {
  it('reads the sender, outcome, fee payer, hash and nonce from a known EntryPoint', () => {
    expect(decodeLog(opLog({ payer: paymaster, nonce: (5n << 64n) | 9n }))).toEqual([
      {
        txHash,
        logIndex: 7,
        item: 9,
        kind: 'user_operation',
        token: paymaster,
        tokenId: BigInt(opHash),
        from: account,
        to: ENTRY_POINT,
        amount: 12_345n,
      },
    ])
    expect(decodeLog(opLog({ success: false }))[0]).toMatchObject({
      kind: 'user_operation_failed',
      token: null,
    })
  })

  it('ignores the same event emitted by any other contract (a forged operation under a stranger)', () => {
    expect(decodeLog(opLog({ emitter: '0x9999999999999999999999999999999999999999' }))).toEqual([])
  })

  it('ignores a log of the wrong shape', () => {
    const log = opLog({})
    expect(decodeLog({ ...log, topics: log.topics.slice(0, 3) })).toEqual([])
    expect(decodeLog({ ...log, data: `${log.data}00` })).toEqual([])
  })
})

describe('a user operation on the wire', () => {
  const tx: StoredTx = {
    chainId: 31337,
    hash: txHash,
    blockNumber: 10,
    txIndex: 0,
    minedAt: 1_700_000_000,
    from: bundler,
    to: ENTRY_POINT,
    contractAddress: null,
    nonce: 41,
    status: 'confirmed',
    selector: '0x765e827f',
  }
  const ev = (e: Partial<ChainEvent>): ChainEvent => ({
    txHash,
    logIndex: -2,
    item: 0,
    kind: 'internal',
    token: null,
    tokenId: null,
    from: account,
    to: recipient,
    amount: 1n,
    ...e,
  })
  const ctx = {
    native: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: new Map([
      [
        token,
        {
          address: token,
          standard: 'erc20' as const,
          name: 'T',
          symbol: 'T',
          decimals: 0,
          spamReason: null,
        },
      ],
    ]),
    nfts: new Map(),
    spam: EMPTY_SPAM_POLICY,
  }
  const [op] = decodeLog(opLog({ nonce: 2n }))
  const prefund = ev({ to: ENTRY_POINT, amount: 500n })
  const refund = ev({ from: ENTRY_POINT, to: bundler, amount: 400n, item: 2 })

  it('is sent by the smart account, without its prefunded fee, with its ERC-20 and ETH legs', () => {
    const events = [
      prefund,
      ev({ item: 1 }),
      refund,
      ev({ logIndex: 3, kind: 'erc20', token, amount: 5n }),
      op!,
    ]
    const row = toWireTransaction(account, tx, events, ctx)
    expect(row.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: account,
      sentTo: recipient,
      status: 'confirmed',
      nonce: 2,
      hash: txHash,
      // The account paid the fee itself (no paymaster): actualGasCost, in ETH.
      userOperation: {
        hash: opHash,
        fee: { numeric: '0.000000000000012345', symbol: 'ETH' },
        sponsored: false,
      },
    })
    expect(row.id).toBe(`eip155:31337:${txHash}`)
    expect(
      (row.transfers ?? []).map(
        (t) => `${t.direction} ${t.fungible_info?.symbol} ${t.quantity.numeric}`,
      ),
    ).toEqual(['out ETH 0.000000000000000001', 'out T 5'])
    // The bundler's view of the same transaction is its own: sent by it, the refund in.
    const theirs = toWireTransaction(bundler, tx, events, ctx)
    expect(theirs.metadata).toMatchObject({
      sentFrom: bundler,
      nonce: 41,
      operationType: 'receive',
    })
  })

  it('is failed when the operation failed inside a confirmed bundle', () => {
    const [failed] = decodeLog(opLog({ success: false }))
    const row = toWireTransaction(account, tx, [prefund, failed!], ctx)
    expect(row.metadata).toMatchObject({
      status: 'failed',
      sentFrom: account,
      operationType: 'execute',
    })
    expect(row.transfers).toEqual([])
  })

  it('types each account’s row by its own operation when two share a bundle', () => {
    const other = '0x6666666666666666666666666666666666666666' as Address
    // The other account's operation pays this one 5 T (log 3, logged before its event at 5);
    // this one's operation then sends ETH (its event at 8).
    const theirOp = { ...op!, from: other, logIndex: 5, tokenId: 1n }
    const myOp = { ...op!, logIndex: 8 }
    const events = [
      ev({ logIndex: 3, kind: 'erc20', token, from: other, to: account, amount: 5n }),
      theirOp,
      ev({ item: 1 }),
      myOp,
    ]
    const mine = toWireTransaction(account, tx, events, ctx)
    expect(mine.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: account,
      sentTo: recipient,
    })
    expect((mine.transfers ?? []).map((t) => `${t.direction} ${t.fungible_info?.symbol}`)).toEqual([
      'in T',
      'out ETH',
    ])
    const theirs = toWireTransaction(other, tx, events, ctx)
    expect(theirs.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: other,
      sentTo: account,
    })
    expect(
      (theirs.transfers ?? []).map((t) => `${t.direction} ${t.fungible_info?.symbol}`),
    ).toEqual(['out T'])
  })

  it('says the fee was sponsored when a paymaster paid it; other rows have no operation', () => {
    const [paid] = decodeLog(opLog({ payer: paymaster }))
    const row = toWireTransaction(
      account,
      tx,
      [ev({ logIndex: 3, kind: 'erc20', token }), paid!],
      ctx,
    )
    expect(row.metadata.userOperation).toEqual({
      hash: opHash,
      fee: { numeric: '0.000000000000012345', symbol: 'ETH' },
      sponsored: true,
    })
    expect(toWireTransaction(bundler, tx, [paid!], ctx).metadata.userOperation).toBeUndefined()
  })

  it('gives each of one account’s two operations in one bundle its own row', () => {
    const second = `0x${'ef'.repeat(32)}` as Hash
    // Operation 1 (event at 4) sends 5 T; operation 2 (event at 9, nonce 3, sponsored) sends 2 T.
    const first = { ...op!, logIndex: 4, item: 2 }
    const next = {
      ...op!,
      logIndex: 9,
      item: 3,
      tokenId: BigInt(second),
      token: paymaster,
      amount: 7n,
    }
    const events = [
      prefund,
      ev({ logIndex: 3, kind: 'erc20', token, amount: 5n }),
      first,
      ev({ logIndex: 8, kind: 'erc20', token, amount: 2n, to: bundler }),
      next,
    ]
    const rows = toWireTransactions(account, tx, events, ctx)
    expect(rows.map((r) => r.id)).toEqual([
      `eip155:31337:${txHash}:${opHash}`,
      `eip155:31337:${txHash}:${second}`,
    ])
    expect(rows.map((r) => [r.metadata.nonce, r.metadata.sentTo, r.metadata.hash])).toEqual([
      [2, recipient, txHash],
      [3, bundler, txHash],
    ])
    expect(rows.map((r) => (r.transfers ?? []).map((t) => t.quantity.numeric))).toEqual([
      ['5'],
      ['2'],
    ])
    expect(rows.map((r) => r.metadata.userOperation?.sponsored)).toEqual([false, true])
    expect(rows[1]!.metadata.userOperation?.fee.numeric).toBe('0.000000000000000007')
  })
})
