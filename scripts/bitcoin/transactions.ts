/**
 * Builds and signs native segwit (and taproot key-path) transactions with @scure/btc-signer, independently of bcoin,
 * so the node validates what a real wallet library produces.
 */
import { Transaction } from '@scure/btc-signer'
import { REGTEST } from './esplora.js'
import type { DevBitcoinKey } from './keys.js'

export interface Coin {
  txid: string
  vout: number
  /** Satoshis. */
  value: number
  owner: DevBitcoinKey
}

export interface Payment {
  address: string
  /** Satoshis. */
  value: number
}

/** A signed transaction spending `coins` to `payments`, its hex and txid. */
export function signedTransaction(coins: Coin[], payments: Payment[]) {
  const tx = new Transaction()
  for (const coin of coins)
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: coin.owner.script, amount: BigInt(coin.value) },
      ...(coin.owner.tapInternalKey ? { tapInternalKey: coin.owner.tapInternalKey } : {}),
    })
  for (const payment of payments)
    tx.addOutputAddress(payment.address, BigInt(payment.value), REGTEST)
  coins.forEach((coin, i) => {
    tx.signIdx(coin.owner.privateKey, i)
  })
  tx.finalize()
  return { hex: tx.hex, txid: tx.id }
}

/** Spends one coin: `value` to `to`, the rest less `fee` back to the coin's owner. */
export function pay(coin: Coin, to: string, value: number, fee: number) {
  const change = coin.value - value - fee
  if (change < 0)
    throw new Error(`coin ${coin.txid}:${coin.vout} holds ${coin.value} sats, not ${value + fee}`)
  const signed = signedTransaction(
    [coin],
    [
      { address: to, value },
      ...(change > 0 ? [{ address: coin.owner.address, value: change }] : []),
    ],
  )
  const changeCoin: Coin | undefined =
    change > 0 ? { txid: signed.txid, vout: 1, value: change, owner: coin.owner } : undefined
  return { ...signed, change: changeCoin }
}
