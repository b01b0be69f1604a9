import { type Address, createNoopSigner, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../custody/keys.js'
import { handleRpc } from '../../rpc.js'
import {
  approvalContext,
  FRIEND,
  onCluster,
  type RecordingContext,
  STRANGER,
  solanaWire,
} from './fixtures.js'
import { solanaSigner } from './index.js'

// solana_signAndSendTransaction's refusals, all before any view and any network call: the proxy
// URL points at a closed port, so a request that reached it would fail differently.
const wallet = deriveWallet(newEntropy())
const user = wallet.keyOf(solanaSigner).address as Address
const LOCAL = 'solana:36JLwM6MazaC3NZWkqVzp2E7rvZCmkGP'
const cluster = { caip2: LOCAL, proxyUrl: 'http://127.0.0.1:9/v1/?chainId=x&projectId=p' }

const transfer = solanaWire(
  [
    getTransferSolInstruction({
      source: createNoopSigner(user),
      destination: FRIEND,
      amount: lamports(1n),
    }),
  ],
  user,
)

const send = (params: unknown, ctx: RecordingContext) =>
  handleRpc({ method: 'solana_signAndSendTransaction', params }, ctx, new AbortController().signal)

describe('solana_signAndSendTransaction, before anything is sent', () => {
  it('refuses without a Solana network to send to', async () => {
    const ctx = approvalContext(wallet, () => true)
    await expect(send({ transaction: transfer }, ctx)).rejects.toMatchObject({
      name: 'NoSolanaClusterError',
      message: 'Choose a Solana network first',
      code: -32602,
    })
    const malformed = approvalContext(
      wallet,
      () => true,
      onCluster({ caip2: 'solana:mainnet', proxyUrl: cluster.proxyUrl }),
    )
    await expect(send({ transaction: transfer }, malformed)).rejects.toMatchObject({
      message: 'Unknown Solana network solana:mainnet',
      code: -32602,
    })
    expect([...ctx.asked, ...malformed.asked]).toEqual([])
  })

  it('refuses unknown or malformed send options', async () => {
    const ctx = approvalContext(wallet, () => true, onCluster(cluster))
    for (const options of [
      { skipPreflight: 'yes' },
      { preflightCommitment: 'max' },
      { maxRetries: -1 },
      { maxRetries: 1.5 },
      { minContextSlot: '5' },
      { encoding: 'base58' },
      { skipPreflight: true, sigVerify: false },
      { commitment: 'soon' },
      'fast',
      [true],
    ])
      await expect(send({ transaction: transfer, options }, ctx)).rejects.toMatchObject({
        code: -32602,
      })
    expect(ctx.asked).toEqual([])
  })

  it('refuses what the user’s signature alone cannot complete, or that is not theirs', async () => {
    const ctx = approvalContext(wallet, () => true, onCluster(cluster))
    // The stranger pays the fee and has not signed: the cluster would refuse it.
    const shared = solanaWire(
      [
        getTransferSolInstruction({
          source: createNoopSigner(user),
          destination: FRIEND,
          amount: lamports(1n),
        }),
      ],
      STRANGER,
    )
    await expect(send({ transaction: shared }, ctx)).rejects.toMatchObject({
      message: 'This transaction needs other signatures before it can be sent',
      code: -32602,
    })
    const foreign = solanaWire(
      [
        getTransferSolInstruction({
          source: createNoopSigner(STRANGER),
          destination: FRIEND,
          amount: lamports(1n),
        }),
      ],
      STRANGER,
    )
    await expect(send({ transaction: foreign }, ctx)).rejects.toThrow(
      /does not ask for your signature/,
    )
    await expect(send({ transaction: 'not a transaction' }, ctx)).rejects.toMatchObject({
      code: -32602,
    })
    expect(ctx.asked).toEqual([])
  })

  it('shows the transfer, the network and whether it is checked first; a rejection sends nothing', async () => {
    const ctx = approvalContext(wallet, () => false, onCluster(cluster))
    await expect(
      send(
        {
          transaction: transfer,
          options: { skipPreflight: true, maxRetries: 0, commitment: 'confirmed' },
        },
        ctx,
      ),
    ).rejects.toMatchObject({ code: 4001 })
    const view = ctx.asked[0]!.view
    expect(view.title).toBe('Send a Solana transaction')
    expect(view.summary).toEqual([`Send 0.000000001 SOL to ${FRIEND}`])
    expect(view.sections[0]!.fields).toContainEqual({ label: 'Network', value: LOCAL })
    expect(view.sections[0]!.fields).toContainEqual({
      label: 'Checked by the network before it runs',
      value: 'no: sent as it is; if it fails, the fee is still paid',
    })
  })
})
