/**
 * What the frame refuses before any view (typed data that cannot be shown faithfully, Solana
 * requests it cannot read) is worded by the catalogue, in the frame's language: the page has no
 * words of its own for these.
 */
import { type Address, createNoopSigner, getBase58Decoder, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterEach, describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../custody/keys.js'
import { handleRpc, type RpcContext } from '../rpc.js'
import { usdcPermit } from '../signers/eip155/decode/fixtures.js'
import { parseTypedData } from '../signers/eip155/decode/typedData.js'
import { approvalContext, FRIEND, STRANGER, solanaWire } from '../signers/solana/fixtures.js'
import { solanaSigner } from '../signers/solana/index.js'
import { setLocale } from './index.js'

afterEach(() => setLocale('en'))

const badSpender = { ...usdcPermit, message: { ...usdcPermit.message, spender: '0x1234' } }
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('typed data the frame refuses', () => {
  it('in English', () => {
    expect(refusal(() => parseTypedData(badSpender, 1))).toBe(
      'Invalid typed data: message.spender is not an address',
    )
    expect(refusal(() => parseTypedData('{"types":', 1))).toBe('Invalid typed data: it is not JSON')
    expect(refusal(() => parseTypedData(usdcPermit, 31337))).toBe(
      'Typed data is for chain 1, but the wallet is on chain 31337',
    )
  })

  it('in German, with the names from the request kept as they are', async () => {
    await setLocale('de')
    expect(refusal(() => parseTypedData(badSpender, 1))).toBe(
      'Ungültige typisierte Daten: message.spender ist keine Adresse',
    )
    const extra = { ...usdcPermit, message: { ...usdcPermit.message, note: 'free' } }
    expect(refusal(() => parseTypedData(extra, 1))).toBe(
      'Ungültige typisierte Daten: message.note gehört nicht zum Typ Permit',
    )
    expect(refusal(() => parseTypedData(usdcPermit, 31337))).toBe(
      'Die typisierten Daten gelten für Chain 1, die Wallet ist aber auf Chain 31337',
    )
  })
})

describe('Solana requests the frame refuses', () => {
  const wallet = deriveWallet(newEntropy())
  const user = wallet.keyOf(solanaSigner).address as Address
  const pay = (from: Address) =>
    solanaWire(
      [
        getTransferSolInstruction({
          source: createNoopSigner(from),
          destination: FRIEND,
          amount: lamports(1n),
        }),
      ],
      from,
    )
  const ask = (method: string, params: unknown, ctx: RpcContext) =>
    handleRpc({ method, params }, ctx, new AbortController().signal)
  const garbage = getBase58Decoder().decode(new Uint8Array([1, 2, 3]))

  it('in English', async () => {
    const ctx = approvalContext(wallet, () => true)
    await expect(ask('solana_signMessage', { message: '0OIl' }, ctx)).rejects.toThrow(
      /^Invalid message$/,
    )
    await expect(ask('solana_signTransaction', { transaction: '!' }, ctx)).rejects.toThrow(
      /^Invalid transaction: neither base58 nor base64$/,
    )
    await expect(
      ask('solana_signAllTransactions', { transactions: [pay(user), pay(STRANGER)] }, ctx),
    ).rejects.toThrow(/^This transaction does not ask for your signature \(transaction 2 of 2\)$/)
    await expect(ask('solana_signTransaction', { transaction: garbage }, ctx)).rejects.toThrow(
      /^Invalid transaction: not a Solana transaction$/,
    )
    await expect(
      ask('solana_signAndSendTransaction', { transaction: pay(user) }, ctx),
    ).rejects.toThrow(/^Choose a Solana network first$/)
    expect(ctx.asked).toEqual([])
  })

  it('in German', async () => {
    await setLocale('de')
    const ctx = approvalContext(wallet, () => true)
    await expect(ask('solana_signMessage', { message: '0OIl' }, ctx)).rejects.toThrow(
      /^Ungültige Nachricht$/,
    )
    await expect(ask('solana_signTransaction', { transaction: '!' }, ctx)).rejects.toThrow(
      /^Transaktion ist ungültig: weder base58 noch base64$/,
    )
    await expect(
      ask('solana_signAllTransactions', { transactions: [pay(user), pay(STRANGER)] }, ctx),
    ).rejects.toThrow(
      /^Diese Transaktion verlangt keine Signatur von Ihnen \(Transaktion 2 von 2\)$/,
    )
    await expect(ask('solana_signTransaction', { transaction: garbage }, ctx)).rejects.toThrow(
      /^Ungültige Transaktion: keine Solana-Transaktion$/,
    )
    await expect(
      ask('solana_signAndSendTransaction', { transaction: pay(user) }, ctx),
    ).rejects.toThrow(/^Wählen Sie zuerst ein Solana-Netzwerk$/)
    expect(ctx.asked).toEqual([])
  })
})
