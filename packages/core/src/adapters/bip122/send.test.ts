import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import {
  BitcoinAddressNetworkError,
  BitcoinDustAmountError,
  BitcoinInsufficientFundsError,
  BitcoinInvalidAddressError,
  BitcoinWalletError,
} from './errors.js'
import type { EsploraUtxo } from './esplora.js'
import { bitcoinMainnet, bitcoinRegtest } from './networks.js'
import { finalizeSigned, planTransfer } from './send.js'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const root = HDKey.fromMasterSeed(
  mnemonicToSeedSync('test test test test test test test test test test test junk'),
)
const payer = root.derive("m/84'/1'/0'/0/0")
const PAYER = p2wpkh(payer.publicKey as Uint8Array, REGTEST).address as string
const FRIEND = p2wpkh(root.derive("m/84'/1'/2'/0/0").publicKey as Uint8Array, REGTEST)
  .address as string
const utxo = (n: number, value: number): EsploraUtxo => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: 0,
  value,
  status: { confirmed: true },
})

const plan = (value: bigint, feeRate: number, utxos = [utxo(1, 1_000_000)], to = FRIEND) =>
  planTransfer({ payer: { address: PAYER }, to, value, feeRate, utxos, network: bitcoinRegtest })

describe('planTransfer', () => {
  it('pays the receiver, returns the change to the payer, and prices the size at the rate', () => {
    const planned = plan(100_000n, 3)
    const tx = Transaction.fromPSBT(planned.psbt)
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
    const to = p2wpkh(root.derive("m/84'/1'/2'/0/0").publicKey as Uint8Array, REGTEST).script
    const back = p2wpkh(payer.publicKey as Uint8Array, REGTEST).script
    expect(outputs.find((o) => hex.encode(o.script as Uint8Array) === hex.encode(to))?.amount).toBe(
      100_000n,
    )
    expect(
      outputs.find((o) => hex.encode(o.script as Uint8Array) === hex.encode(back))?.amount,
    ).toBe(planned.change)
    // 1 P2WPKH input, 2 P2WPKH outputs: 141 vbytes once signed.
    expect(planned.vsize).toBeGreaterThanOrEqual(140)
    expect(planned.vsize).toBeLessThanOrEqual(142)
    expect(planned.fee).toBe(BigInt(planned.vsize * 3))
    expect(planned.change).toBe(1_000_000n - 100_000n - planned.fee)
    expect(planned.signIndexes).toEqual([0])
  })

  it('signed by the key and finalized, the fee paid is the one planned', () => {
    const planned = plan(100_000n, 5)
    const tx = Transaction.fromPSBT(planned.psbt)
    tx.signIdx(payer.privateKey as Uint8Array, 0)
    const { hex: raw, txid } = finalizeSigned(planned.psbt, tx.toPSBT())
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const final = Transaction.fromRaw(hex.decode(raw), { allowUnknownOutputs: true })
    expect(final.vsize).toBeLessThanOrEqual(planned.vsize)
  })

  it('adds coins until the amount and fee are covered, and refuses what they cannot cover', () => {
    const coins = [utxo(1, 60_000), utxo(2, 60_000), utxo(3, 60_000)]
    expect(plan(100_000n, 1, coins).inputs).toHaveLength(2)
    expect(() => plan(200_000n, 1, coins)).toThrow(BitcoinInsufficientFundsError)
    expect(() => plan(179_000n, 50, coins)).toThrow(BitcoinInsufficientFundsError)
  })

  it('gives a change below dust to the fee instead of an unrelayable output', () => {
    const planned = plan(99_700n, 1, [utxo(1, 100_000)])
    expect(planned.change).toBe(0n)
    expect(Transaction.fromPSBT(planned.psbt).outputsLength).toBe(1)
    expect(planned.fee).toBe(300n)
  })

  it('refuses dust, a non-address, and an address of another network', () => {
    expect(() => plan(293n, 1)).toThrow(BitcoinDustAmountError)
    expect(() => plan(294n, 1)).not.toThrow()
    expect(() => plan(10_000n, 1, undefined, 'bcrt1qnotanaddress')).toThrow(
      BitcoinInvalidAddressError,
    )
    expect(() => plan(10_000n, 1, undefined, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toThrow(
      BitcoinAddressNetworkError,
    )
    expect(() =>
      planTransfer({
        payer: { address: PAYER },
        to: FRIEND,
        value: 10_000n,
        feeRate: 1,
        utxos: [utxo(1, 100_000)],
        network: bitcoinMainnet,
      }),
    ).toThrow(BitcoinAddressNetworkError)
  })
})

describe('finalizeSigned (the wallet must sign what was built)', () => {
  it('refuses a PSBT whose outputs the wallet changed (a redirected payment)', () => {
    const planned = plan(100_000n, 2)
    const attacker = Transaction.fromPSBT(planned.psbt)
    // The wallet (or anything between) sends the payment to itself and signs that.
    const other = Transaction.fromPSBT(plan(100_000n, 2, undefined, PAYER).psbt)
    attacker.signIdx(payer.privateKey as Uint8Array, 0)
    other.signIdx(payer.privateKey as Uint8Array, 0)
    expect(() => finalizeSigned(planned.psbt, other.toPSBT())).toThrow(BitcoinWalletError)
    expect(() => finalizeSigned(planned.psbt, attacker.toPSBT())).not.toThrow()
  })

  it('refuses an unsigned or unreadable answer', () => {
    const planned = plan(100_000n, 2)
    expect(() => finalizeSigned(planned.psbt, planned.psbt)).toThrow(/did not sign/)
    expect(() => finalizeSigned(planned.psbt, new Uint8Array([1, 2, 3]))).toThrow(/unreadable/)
  })
})
