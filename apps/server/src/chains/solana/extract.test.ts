import { getBase58Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { extractTransaction, type RpcTransaction, unsolicitedAirdropMints } from './extract.js'

const SYSTEM = '11111111111111111111111111111111'
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const [alice, bob, carol, mint, ataA, ataB] = [
  'A1ice111111111111111111111111111111111111111',
  'Bob11111111111111111111111111111111111111111',
  'Caro1111111111111111111111111111111111111111',
  'Mint1111111111111111111111111111111111111111',
  'AtaA1111111111111111111111111111111111111111',
  'AtaB1111111111111111111111111111111111111111',
]

function transferData(lamports: bigint, kind = 2): string {
  const bytes = new Uint8Array(12)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, kind, true)
  view.setBigUint64(4, lamports, true)
  return getBase58Decoder().decode(bytes)
}

const balance = (accountIndex: number, owner: string, amount: string) => ({
  accountIndex,
  mint,
  owner,
  uiTokenAmount: { amount, decimals: 6 },
})

function tx(
  overrides: Partial<RpcTransaction['meta'] & object> = {},
  keys = [alice, bob, SYSTEM],
): RpcTransaction {
  return {
    slot: 7n,
    blockTime: 1_700_000_000n,
    transaction: {
      signatures: ['sig1'],
      message: {
        accountKeys: keys,
        header: { numRequiredSignatures: 1 },
        instructions: [{ programIdIndex: 2, accounts: [0, 1], data: transferData(1_500_000_000n) }],
      },
    },
    meta: { err: null, fee: 5000n, preTokenBalances: [], postTokenBalances: [], ...overrides },
  }
}

describe('extractTransaction', () => {
  it('reads a System transfer as SOL moved between the two accounts', () => {
    const out = extractTransaction(tx())
    expect(out).toMatchObject({
      signature: 'sig1',
      slot: 7,
      blockTime: 1_700_000_000,
      feePayer: alice,
      sentTo: bob,
      status: 'confirmed',
      fee: 5000n,
    })
    expect(out.transfers).toEqual([
      { mint: null, from: alice, to: bob, amount: 1_500_000_000n, decimals: 9 },
    ])
  })

  it('keeps nothing of a failed transaction but whom it tried to pay', () => {
    const out = extractTransaction(tx({ err: { InstructionError: [0, { Custom: 1 }] } }))
    expect(out).toMatchObject({ status: 'failed', sentTo: bob, transfers: [] })
  })

  it('pairs token balance changes by owner, and reads what came from nowhere as minted', () => {
    const out = extractTransaction(
      tx(
        {
          preTokenBalances: [balance(3, alice, '10000000')],
          postTokenBalances: [
            balance(3, alice, '4000000'),
            balance(4, bob, '5000000'),
            balance(5, carol, '2000000'),
          ],
        },
        // The instruction at index 2 now calls a token account, not the System program.
        [alice, TOKEN, ataA, ataB, 'AtaC1111111111111111111111111111111111111111'],
      ),
    )
    expect(out.transfers).toEqual([
      { mint, from: alice, to: bob, amount: 5_000_000n, decimals: 6 },
      { mint, from: alice, to: carol, amount: 1_000_000n, decimals: 6 },
      { mint, from: mint, to: carol, amount: 1_000_000n, decimals: 6 },
    ])
  })

  it('reads a burn as tokens sent to the mint', () => {
    const out = extractTransaction(
      tx(
        {
          preTokenBalances: [balance(3, alice, '900')],
          postTokenBalances: [balance(3, alice, '100')],
        },
        [alice, TOKEN, ataA, ataB],
      ),
    )
    expect(out.transfers).toEqual([{ mint, from: alice, to: mint, amount: 800n, decimals: 6 }])
  })

  it('refuses a transaction without its status', () => {
    expect(() => extractTransaction({ ...tx(), meta: null })).toThrow(/no status/)
  })
})

describe('unsolicitedAirdropMints', () => {
  const airdrop = (recipients: string[], signers = [carol]) => ({
    ...extractTransaction(tx()),
    signers,
    transfers: recipients.map((to) => ({ mint, from: mint, to, amount: 1n, decimals: 0 })),
  })
  it('flags a mint handed to enough owners none of whom signed', () => {
    const five = ['1', '2', '3', '4', '5'].map(
      (n) => `Owner${n}111111111111111111111111111111111111`,
    )
    expect(unsolicitedAirdropMints(airdrop(five), 5)).toEqual([mint])
    expect(unsolicitedAirdropMints(airdrop(five.slice(0, 4)), 5)).toEqual([])
    // A recipient who signed asked for it, and does not count.
    expect(unsolicitedAirdropMints(airdrop(five, [five[0] as string]), 5)).toEqual([])
  })
})
