import {
  type Address,
  createNoopSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  lamports,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getApproveInstruction } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../custody/keys.js'
import { handleRpc } from '../../rpc.js'
import { renderView } from '../../ui/render.js'
import { MAX_BATCH_TRANSACTIONS } from './decode/batch.js'
import {
  approvalContext,
  decodeWire,
  FRIEND,
  type RecordingContext,
  STRANGER,
  signedBy,
  solanaWire,
} from './fixtures.js'
import { solanaSigner } from './index.js'

const wallet = deriveWallet(newEntropy())
const user = wallet.keyOf(solanaSigner).address as Address

const pay = (amount: bigint, to: Address = FRIEND, from: Address = user) =>
  solanaWire(
    [
      getTransferSolInstruction({
        source: createNoopSigner(from),
        destination: to,
        amount: lamports(amount),
      }),
    ],
    from,
  )

const signAll = (transactions: unknown, ctx: RecordingContext) =>
  handleRpc(
    { method: 'solana_signAllTransactions', params: { transactions } },
    ctx,
    new AbortController().signal,
  )

describe('solana_signAllTransactions', () => {
  it('shows every transaction under its heading on one view, then signs each, in order', async () => {
    const ctx = approvalContext(wallet, () => true)
    const batch = [pay(1_000_000_000n), pay(2_000_000_000n, STRANGER), pay(3n)]
    const { transactions } = (await signAll(batch, ctx)) as { transactions: string[] }
    expect(ctx.asked).toHaveLength(1)
    const view = ctx.asked[0]!.view
    expect(view.title).toBe('Sign 3 Solana transactions')
    expect(view.summary).toEqual([
      `Transaction 1 of 3: Send 1 SOL to ${FRIEND}`,
      `Transaction 2 of 3: Send 2 SOL to ${STRANGER}`,
      `Transaction 3 of 3: Send 0.000000003 SOL to ${FRIEND}`,
    ])
    expect(view.sections.map((s) => s.title)).toEqual([
      'Request',
      'Transaction 1 of 3',
      'Transaction 2 of 3',
      'Transaction 3 of 3',
    ])
    expect(view.sections[2]!.fields).toContainEqual({
      label: 'Instruction 1',
      value: `Send 2 SOL to ${STRANGER}`,
    })
    // On screen: one heading per transaction, its instruction in words beneath it.
    const screen = document.createElement('div')
    screen.append(renderView(document, ctx.asked[0]!))
    const parts = [...screen.querySelectorAll('section')].map((s) => s.textContent)
    expect(parts).toHaveLength(4)
    expect(parts[3]).toContain('Transaction 3 of 3')
    expect(parts[3]).toContain(`Send 0.000000003 SOL to ${FRIEND}`)
    expect(transactions).toHaveLength(3)
    transactions.forEach((signed, i) => {
      const original = decodeWire(batch[i]!)
      const tx = decodeWire(signed)
      // Same message, same order; the user's signature over exactly those bytes.
      expect(new Uint8Array(tx.messageBytes)).toEqual(new Uint8Array(original.messageBytes))
      const signature = tx.signatures[user as Address] as Uint8Array
      expect(signedBy(signature, new Uint8Array(tx.messageBytes), user)).toBe(true)
    })
    // Each signature covers its own transaction only.
    const first = decodeWire(transactions[0]!)
    const second = decodeWire(transactions[1]!)
    expect(
      signedBy(
        first.signatures[user as Address] as Uint8Array,
        new Uint8Array(second.messageBytes),
        user,
      ),
    ).toBe(false)
  })

  it('names each danger with its transaction', async () => {
    const ctx = approvalContext(wallet, () => false)
    const allowance = solanaWire(
      [
        getApproveInstruction({
          source: STRANGER,
          delegate: FRIEND,
          owner: createNoopSigner(user),
          amount: 5n,
        }),
      ],
      user,
    )
    await expect(signAll([pay(1n), allowance], ctx)).rejects.toMatchObject({ code: 4001 })
    expect(ctx.asked[0]!.view.dangers).toEqual([
      `Transaction 2 of 2: ${FRIEND} could move these tokens at any time without asking you again.`,
    ])
  })

  it('takes base64 as well as base58, and answers base58', async () => {
    const ctx = approvalContext(wallet, () => true)
    const base64 = getBase64Decoder().decode(getBase58Encoder().encode(pay(7n)))
    const { transactions } = (await signAll([base64], ctx)) as { transactions: string[] }
    expect(() => getBase58Encoder().encode(transactions[0]!)).not.toThrow()
    expect(ctx.asked[0]!.view.title).toBe('Sign 1 Solana transaction')
  })

  it('refuses the whole batch, before any view, when one transaction is not the user’s to sign', async () => {
    const ctx = approvalContext(wallet, () => true)
    const foreign = pay(1n, FRIEND, STRANGER)
    await expect(signAll([pay(1n), foreign, pay(2n)], ctx)).rejects.toMatchObject({
      message: 'This transaction does not ask for your signature (transaction 2 of 3)',
      code: -32602,
    })
    const garbage = getBase58Decoder().decode(new Uint8Array([1, 2, 3]))
    await expect(signAll([pay(1n), garbage], ctx)).rejects.toMatchObject({
      message: 'Invalid transaction: not a Solana transaction (transaction 2 of 2)',
    })
    await expect(signAll([pay(1n), 42], ctx)).rejects.toThrow('Invalid transaction 2 of 2')
    expect(ctx.asked).toEqual([])
  })

  it('refuses an empty, oversized or malformed list before any view', async () => {
    const ctx = approvalContext(wallet, () => true)
    const tooMany = [...Array(MAX_BATCH_TRANSACTIONS + 1)].map((_, i) => pay(BigInt(i + 1)))
    for (const transactions of [[], tooMany, 'not a list', undefined, { 0: pay(1n) }])
      await expect(signAll(transactions, ctx)).rejects.toMatchObject({ code: -32602 })
    expect(ctx.asked).toEqual([])
  })
})
