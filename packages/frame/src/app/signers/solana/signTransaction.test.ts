import {
  type Address,
  createNoopSigner,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  lamports,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  AuthorityType,
  getApproveInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../custody/keys.js'
import { handleRpc, type RpcContext } from '../../rpc.js'
import type { ApprovalRequest } from '../../ui/approve.js'
import { approvalContext, FRIEND, STRANGER, signedBy, solanaWire } from './fixtures.js'
import { solanaSigner } from './index.js'

const wallet = deriveWallet(newEntropy())
const user = wallet.keyOf(solanaSigner).address as Address

const context = (approve: (request: ApprovalRequest) => boolean) => approvalContext(wallet, approve)
const wire = (instructions: Instruction[], feePayer: Address = user) =>
  solanaWire(instructions, feePayer)

const sign = (transaction: string, ctx: RpcContext) =>
  handleRpc(
    { method: 'solana_signTransaction', params: { transaction } },
    ctx,
    new AbortController().signal,
  )

describe('solana_signTransaction', () => {
  it('shows a SOL transfer in words, then signs exactly that message in the user’s slot', async () => {
    const ctx = context(() => true)
    const transaction = wire([
      getTransferSolInstruction({
        source: createNoopSigner(user),
        destination: FRIEND,
        amount: lamports(1_500_000_000n),
      }),
    ])
    const result = (await sign(transaction, ctx)) as { transaction: string; signature: string }
    const view = ctx.asked[0]?.view
    expect(view?.summary).toEqual([`Send 1.5 SOL to ${FRIEND}`])
    expect(view?.dangers).toEqual([])
    const signed = getTransactionDecoder().decode(getBase58Encoder().encode(result.transaction))
    const signature = signed.signatures[user] as Uint8Array
    expect(getBase58Decoder().decode(signature)).toBe(result.signature)
    // The signature covers the bytes the view was built from.
    const original = getTransactionDecoder().decode(getBase58Encoder().encode(transaction))
    expect(new Uint8Array(signed.messageBytes)).toEqual(new Uint8Array(original.messageBytes))
    expect(signedBy(signature, new Uint8Array(signed.messageBytes), user)).toBe(true)
  })

  it('warns of an allowance, an authority change and a program it cannot read', async () => {
    const ctx = context(() => false)
    const account = STRANGER
    const transaction = wire([
      getApproveInstruction({
        source: account,
        delegate: FRIEND,
        owner: createNoopSigner(user),
        amount: 1_000_000n,
      }),
      getSetAuthorityInstruction({
        owned: account,
        owner: createNoopSigner(user),
        authorityType: AuthorityType.AccountOwner,
        newAuthority: FRIEND,
      }),
      {
        programAddress: 'Prog111111111111111111111111111111111111111' as Address,
        accounts: [{ address: user, role: 3 }],
        data: new Uint8Array([1, 2, 3]),
      },
    ])
    await expect(sign(transaction, ctx)).rejects.toMatchObject({ code: 4001 })
    const view = ctx.asked[0]?.view
    expect(view?.summary).toEqual([
      `Allow ${FRIEND} to spend 1000000 base units from token account ${account}`,
      `Change who may own the account for ${account}`,
      `Call program Prog111111111111111111111111111111111111111 with 1 accounts`,
    ])
    expect(view?.dangers).toEqual([
      `${FRIEND} could move these tokens at any time without asking you again.`,
      'This hands control of the account to someone else.',
      'Latch cannot read what program Prog111111111111111111111111111111111111111 will do with your account. Approve only if you trust this site.',
    ])
  })

  it('refuses, before asking, what it cannot show or what needs no signature of the user', async () => {
    const ctx = context(() => true)
    // Someone else's transfer: the user's key is not among the signers.
    const others = wire(
      [
        getTransferSolInstruction({
          source: createNoopSigner(STRANGER),
          destination: FRIEND,
          amount: lamports(1n),
        }),
      ],
      STRANGER,
    )
    await expect(sign(others, ctx)).rejects.toThrow(/does not ask for your signature/)
    await expect(sign('not a transaction', ctx)).rejects.toMatchObject({ code: -32602 })
    await expect(
      sign(getBase58Decoder().decode(new Uint8Array([1, 2, 3])), ctx),
    ).rejects.toMatchObject({
      code: -32602,
    })
    expect(ctx.asked).toEqual([])
  })

  it('reads the message it signs from the same bytes it showed: a tampered signature slot count is refused', async () => {
    const ctx = context(() => true)
    const transaction = wire([
      getTransferSolInstruction({
        source: createNoopSigner(user),
        destination: FRIEND,
        amount: lamports(5n),
      }),
    ])
    const bytes = new Uint8Array(getBase58Encoder().encode(transaction))
    const message = getTransactionDecoder().decode(bytes).messageBytes
    expect(getCompiledTransactionMessageDecoder().decode(message).staticAccounts[0]).toBe(user)
    // Claim two signature slots while the message wants one: not a valid transaction.
    const tampered = new Uint8Array([
      2,
      ...bytes.slice(1, 65),
      ...new Uint8Array(64),
      ...bytes.slice(65),
    ])
    await expect(sign(getBase58Decoder().decode(tampered), ctx)).rejects.toMatchObject({
      code: -32602,
    })
    expect(ctx.asked).toEqual([])
  })
})
