import { createNoopSigner, getBase58Encoder, lamports } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { encodeFunctionData, erc20Abi, parseEther, stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { messageView } from '../decode/message.js'
import type { ApprovalView } from '../decode/view.js'
import { decodeCalldata } from '../signers/eip155/decode/calldata.js'
import {
  MAX_UINT256,
  OWNER,
  permit2Batch,
  seaportListing,
  UNIVERSAL_ROUTER,
  USDC,
  WETH,
} from '../signers/eip155/decode/fixtures.js'
import type { TokenBook } from '../signers/eip155/decode/format.js'
import { uniswapV2RouterAbi } from '../signers/eip155/decode/swap.js'
import { transactionView } from '../signers/eip155/decode/transactionView.js'
import { parseTypedData } from '../signers/eip155/decode/typedData.js'
import { typedDataView } from '../signers/eip155/decode/typedDataView.js'
import { reviewCalls } from '../signers/eip155/review.js'
import { solanaBatchView } from '../signers/solana/decode/batch.js'
import { decodeSolanaTransaction } from '../signers/solana/decode/transaction.js'
import { FRIEND, STRANGER, solanaWire } from '../signers/solana/fixtures.js'
import { de } from './de.js'
import { en } from './en.js'
import { setLocale } from './index.js'

// The decoders build their views in the active language: with German active, no fixed English
// wording of the catalogue is left in a view (a literal that skipped the catalogue would be).

const englishPieces = Object.entries(en)
  .filter(([key, text]) => (de as Record<string, string>)[key] !== text)
  .flatMap(([, text]) => text.split(/\{\w+\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 5)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The pieces found as whole words ('Batch' inside 'PermitBatch' is the data's own name). */
const englishIn = (view: unknown) => {
  const text = JSON.stringify(view, (_, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
  return englishPieces.filter((piece) =>
    new RegExp(`(^|[^\\p{L}])${escapeRegExp(piece)}([^\\p{L}]|$)`, 'u').test(text),
  )
}

/** A typed-data view's own words: its message tree and raw JSON carry the data's field names. */
const wording = (view: ApprovalView) => ({
  title: view.title,
  summary: view.summary,
  dangers: view.dangers,
  sections: view.sections.map((section) => section.title),
  domain: view.sections[0]?.fields.map((field) => field.label),
  raw: view.raw?.label,
})

const tokens: TokenBook = new Map([[USDC.toLowerCase(), { symbol: 'USDC', decimals: 6 }]])

beforeEach(() => setLocale('de'))
afterEach(() => setLocale('en'))

describe('views in German', () => {
  it('a sign-in message for another site', () => {
    const siwe = createSiweMessage({
      address: OWNER,
      chainId: 1,
      domain: 'bank.example',
      nonce: 'abcdefgh12345678',
      uri: 'https://bank.example/login',
      version: '1',
    })
    const view = messageView(stringToHex(siwe), 'https://bank-example.test')
    expect(view.title).toBe('Mit Ethereum anmelden')
    expect(view.dangers[0]).toMatch(/^Wahrscheinlich Phishing: /)
    expect(englishIn(view)).toEqual([])
  })

  it('token calls, with amounts in German digits', () => {
    const transfer = decodeCalldata(
      USDC,
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OWNER, 1_500_000n] }),
      tokens,
    )!
    expect(transfer.sentence).toBe(`1,5 USDC an ${OWNER} senden`)
    const approve = decodeCalldata(
      USDC,
      encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [UNIVERSAL_ROUTER, BigInt(MAX_UINT256)],
      }),
      tokens,
    )!
    expect(approve.sentence).toBe(`${UNIVERSAL_ROUTER} erlauben, Unbegrenzt USDC auszugeben`)
    expect(
      englishIn(
        [transfer, approve].map(({ sentence, fields, dangers }) => ({ sentence, fields, dangers })),
      ),
    ).toEqual([])
  })

  it('a transaction and a batch of calls', () => {
    const value = 1_500_000_000_000_000_000n
    const view = transactionView({
      chainId: 1,
      from: OWNER,
      to: USDC,
      value,
      nativeBalance: value,
      fee: 21_000n,
      toIsContract: true,
      simulation: {
        status: 'success',
        source: 'simulation',
        effects: [{ kind: 'native', amount: -value }],
      },
    })
    expect(view.title).toBe('Transaktion senden')
    expect(view.summary).toEqual([`1,5 ETH an ${USDC} senden`])
    expect(view.dangers).toEqual(['Damit senden Sie Ihr gesamtes ETH-Guthaben.'])
    expect(englishIn(view)).toEqual([])
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [OWNER, 2_000_000n],
    })
    const calls = reviewCalls(
      [
        {
          calls: [
            { to: USDC, data: transfer },
            { to: USDC, data: transfer },
          ],
        },
      ],
      1,
      { tokens, from: OWNER },
    )
    expect(calls.title).toBe('2 Aufrufe senden')
    expect(calls.sections.map((section) => section.title)).toEqual([
      'Aufruf Nr. 1 · Transaktion',
      'Aufruf Nr. 1 · Aufruf: transfer',
      'Aufruf Nr. 2 · Transaktion',
      'Aufruf Nr. 2 · Aufruf: transfer',
    ])
    // The sender and fee rows are the batch's, not each call's, in German too.
    expect(calls.sections[0]!.fields.map((field) => field.label)).toEqual([
      'Netzwerk',
      'An',
      'Betrag',
    ])
    expect(englishIn(calls)).toEqual([])
  })

  it('a swap paying someone else, past its deadline, with German durations', () => {
    const now = 1_800_000_000n
    const attacker = '0xBAd0000000000000000000000000000000000Bad'
    const view = transactionView({
      chainId: 1,
      from: OWNER,
      to: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      value: parseEther('0.1'),
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [180_200_000n, [WETH, USDC], attacker, now - 300n],
      }),
      tokens: new Map([...tokens, [WETH.toLowerCase(), { symbol: 'WETH', decimals: 18 }]]),
      now,
    })
    expect(view.summary[0]).toBe(
      `0,1 ETH gegen mindestens 180,2 USDC tauschen, ausgezahlt an ${attacker}`,
    )
    expect(view.dangers.join(' ')).toContain('vor 5 Minuten abgelaufen')
    expect(englishIn(view)).toEqual([])
  })

  it('permits and orders, with dates in the German order', () => {
    const permit = typedDataView(parseTypedData(permit2Batch, 1), { chainId: 1, tokens })
    expect(permit.title).toBe('Permit2-Sammelfreigabe signieren')
    expect(permit.summary[0]).toMatch(/bis \d\d\.\d\d\.\d{4}, \d\d:\d\d UTC /)
    const order = typedDataView(parseTypedData(seaportListing, 1), { chainId: 1, tokens })
    expect(englishIn([wording(permit), wording(order)])).toEqual([])
  })

  it('Solana transactions, one and several', () => {
    const user = STRANGER
    const wire = solanaWire(
      [
        getTransferSolInstruction({
          source: createNoopSigner(user),
          destination: FRIEND,
          amount: lamports(1_500_000_000n),
        }),
      ],
      user,
    )
    const decoded = decodeSolanaTransaction(
      new Uint8Array(getBase58Encoder().encode(wire)),
      user,
      'https://shop.example',
    )
    expect(decoded.view.summary).toEqual([`1,5 SOL an ${FRIEND} senden`])
    const batch = solanaBatchView([decoded, decoded], user, 'https://shop.example')
    expect(batch.title).toBe('2 Solana-Transaktionen signieren')
    expect(englishIn([decoded.view, batch])).toEqual([])
  })
})
