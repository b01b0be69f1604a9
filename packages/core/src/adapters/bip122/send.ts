/**
 * A Bitcoin send as a PSBT on @scure/btc-signer: the payment account's coins chosen by its coin
 * selection at the rate the visitor picked, the change back to the payment address, and the
 * wallet's signed PSBT checked and finalized into the raw transaction the node is given.
 */
import { hex } from '@scure/base'
import { Address, OutScript, p2wpkh, selectUTXO, Transaction } from '@scure/btc-signer'
import type { CaipNetwork } from '../../networks/types.js'
import { type AddressType, parseBitcoinAddress } from './address.js'
import {
  BitcoinAddressNetworkError,
  BitcoinDustAmountError,
  BitcoinInsufficientFundsError,
  BitcoinInvalidAddressError,
  BitcoinWalletError,
} from './errors.js'
import type { EsploraUtxo } from './esplora.js'
import { addressNetworkOf, networkParams } from './params.js'

/** The smallest output Bitcoin Core relays, per output type (its dust rule at 3 sat/vB). */
export const DUST_LIMIT: Record<AddressType, bigint> = {
  p2pkh: 546n,
  p2sh: 540n,
  p2wpkh: 294n,
  p2wsh: 330n,
  p2tr: 330n,
}

export interface BitcoinPayer {
  address: string
  /** Hex; needed to spend from taproot (its internal key) and nested segwit (its redeem script). */
  publicKey?: string | undefined
}

export interface TransferPlan {
  /** The unsigned PSBT the wallet is asked to sign. */
  psbt: Uint8Array
  fee: bigint
  vsize: number
  feeRate: number
  inputs: { txid: string; vout: number; value: bigint }[]
  change: bigint
  /** Every input spends the payer's coins, so the wallet signs all of them. */
  signIndexes: number[]
}

/** Checks `to` is a Bitcoin address of `network`'s family; throws the typed error otherwise. */
export function checkReceiver(to: string, network: CaipNetwork): AddressType {
  const parsed = parseBitcoinAddress(to)
  if (!parsed) throw new BitcoinInvalidAddressError(to)
  if (!parsed.networks.includes(addressNetworkOf(network)))
    throw new BitcoinAddressNetworkError(to, network.name)
  return parsed.type
}

function spendInput(payer: BitcoinPayer, network: CaipNetwork, utxo: EsploraUtxo) {
  const params = networkParams(network)
  const script = OutScript.encode(Address(params).decode(payer.address))
  const base = {
    txid: hex.decode(utxo.txid),
    index: utxo.vout,
    witnessUtxo: { script, amount: BigInt(utxo.value) },
  }
  const type = parseBitcoinAddress(payer.address)?.type
  const key = payer.publicKey ? hex.decode(payer.publicKey) : undefined
  switch (type) {
    case 'p2wpkh':
      return base
    case 'p2tr':
      if (!key)
        throw new BitcoinWalletError('The wallet gave no public key for its taproot address')
      return { ...base, tapInternalKey: key.length === 33 ? key.subarray(1) : key }
    case 'p2sh':
      if (!key) throw new BitcoinWalletError('The wallet gave no public key for its P2SH address')
      return { ...base, redeemScript: p2wpkh(key, params).script }
    default:
      // A legacy input needs its whole previous transaction in the PSBT; not fetched here.
      throw new BitcoinWalletError('Sending from a legacy (P2PKH) address is not supported')
  }
}

/**
 * The PSBT paying `value` sats to `to` from `payer`'s coins at `feeRate` sat/vB (rounded up to a
 * whole sat/vB, as the selection counts in whole satoshis per byte).
 */
export function planTransfer(parameters: {
  payer: BitcoinPayer
  to: string
  value: bigint
  feeRate: number
  utxos: readonly EsploraUtxo[]
  network: CaipNetwork
}): TransferPlan {
  const { payer, to, value, network } = parameters
  const type = checkReceiver(to, network)
  const minimum = DUST_LIMIT[type]
  if (value < minimum) throw new BitcoinDustAmountError(minimum)
  const feeRate = Math.max(1, Math.ceil(parameters.feeRate))
  const params = networkParams(network)
  const inputs = parameters.utxos.map((u) => spendInput(payer, network, u))
  const selected = selectUTXO(inputs, [{ address: to, amount: value }], 'default', {
    feePerByte: BigInt(feeRate),
    changeAddress: payer.address,
    network: params,
    createTx: true,
    bip69: true,
  })
  if (!selected?.tx || selected.fee === undefined) throw new BitcoinInsufficientFundsError()
  const change = selected.change
    ? (selected.outputs.find((o) => 'address' in o && o.address === payer.address)?.amount ?? 0n)
    : 0n
  return {
    psbt: selected.tx.toPSBT(),
    fee: selected.fee,
    vsize: Math.ceil(selected.weight / 4),
    feeRate,
    inputs: selected.inputs.map((input) => ({
      txid: hex.encode(input.txid as Uint8Array),
      vout: input.index as number,
      value: input.witnessUtxo?.amount as bigint,
    })),
    change,
    signIndexes: selected.inputs.map((_, i) => i),
  }
}

/**
 * The wallet's signed PSBT as a raw transaction: refused unless it spends the same coins to the
 * same outputs as the one built (a wallet, or anything between, must not change the payment).
 */
export function finalizeSigned(
  unsigned: Uint8Array,
  signed: Uint8Array,
): { hex: string; txid: string } {
  const expected = Transaction.fromPSBT(unsigned)
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(signed)
  } catch (cause) {
    throw new BitcoinWalletError('The wallet returned an unreadable PSBT', { cause })
  }
  const same =
    tx.inputsLength === expected.inputsLength &&
    tx.outputsLength === expected.outputsLength &&
    Array.from({ length: tx.inputsLength }).every((_, i) => {
      const a = tx.getInput(i)
      const b = expected.getInput(i)
      return (
        a.index === b.index && hex.encode(a.txid as Uint8Array) === hex.encode(b.txid as Uint8Array)
      )
    }) &&
    Array.from({ length: tx.outputsLength }).every((_, i) => {
      const a = tx.getOutput(i)
      const b = expected.getOutput(i)
      return (
        a.amount === b.amount &&
        hex.encode(a.script as Uint8Array) === hex.encode(b.script as Uint8Array)
      )
    })
  if (!same) throw new BitcoinWalletError('The wallet changed the transaction it was asked to sign')
  try {
    if (!tx.isFinal) tx.finalize()
  } catch (cause) {
    throw new BitcoinWalletError('The wallet did not sign every input', { cause })
  }
  return { hex: tx.hex, txid: tx.id }
}
