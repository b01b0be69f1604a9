import type { Transaction, TransactionTransfer, TransferDirection } from '@latch/core/wire'
import { type CosmosNetwork, denomOf, displayAmount } from './networks.js'
import type { Coin, RestTx, RestTxResponse } from './node.js'

/**
 * A Cosmos transaction from one account's point of view (docs/cosmos-server.md#history):
 *  - each `MsgSend` naming the account moves coins `out` (it sent), `in` (it received) or `self`
 *    (both), summed per direction and denom, in display units;
 *  - the fee, when the account paid it (the `tx.fee_payer` event, else the first signer), is an
 *    `out` line per fee coin named "Network fee", so a client summing lines gets the account's
 *    real balance change;
 *  - a failed transaction (code ≠ 0) moved nothing but its fee: status `failed`, the fee line
 *    only, classified by what it tried to do;
 *  - messages other than `MsgSend` move nothing here; a transaction of them alone is `execute`.
 * The memo is in the wire row's metadata when there is one, and beside it as signed.
 */

const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend'

interface MsgSend {
  from_address: string
  to_address: string
  amount: Coin[]
}

const sends = (tx: RestTx) =>
  tx.body.messages.filter((m) => m['@type'] === MSG_SEND) as unknown as (MsgSend & {
    '@type': string
  })[]

/** Who paid the fee: the node's `tx.fee_payer` event, else the fee's payer, else the first signer. */
export function feePayer(tx: RestTx, response: RestTxResponse): string | undefined {
  for (const event of response.events)
    if (event.type === 'tx')
      for (const attribute of event.attributes)
        if (attribute.key === 'fee_payer' && attribute.value) return attribute.value
  if (tx.auth_info.fee.payer) return tx.auth_info.fee.payer
  const first = tx.body.messages[0] as Record<string, unknown> | undefined
  const signer = first?.from_address ?? first?.sender ?? first?.signer
  return typeof signer === 'string' ? signer : undefined
}

export interface CosmosRow {
  transaction: Transaction
  memo: string
}

export function toCosmosWireTransaction(
  tx: RestTx,
  response: RestTxResponse,
  viewer: string,
  network: CosmosNetwork,
): CosmosRow {
  const failed = response.code !== 0
  const mine = sends(tx).filter((m) => m.from_address === viewer || m.to_address === viewer)
  // Summed per (direction, denom), in the order they first appear.
  const moved = new Map<string, { direction: TransferDirection; denom: string; units: bigint }>()
  if (!failed)
    for (const message of mine) {
      const direction: TransferDirection =
        message.from_address === viewer ? (message.to_address === viewer ? 'self' : 'out') : 'in'
      for (const coin of message.amount) {
        const key = `${direction} ${coin.denom}`
        const entry = moved.get(key) ?? { direction, denom: coin.denom, units: 0n }
        entry.units += BigInt(coin.amount)
        moved.set(key, entry)
      }
    }
  const transfers: TransactionTransfer[] = [...moved.values()].map((entry) => {
    const denom = denomOf(network, entry.denom)
    return {
      fungible_info: { name: denom.name, symbol: denom.symbol },
      direction: entry.direction,
      quantity: { numeric: displayAmount(entry.units.toString(), denom.exponent) },
    }
  })
  const paidFee = feePayer(tx, response) === viewer
  if (paidFee)
    for (const coin of tx.auth_info.fee.amount) {
      if (coin.amount === '0') continue
      const denom = denomOf(network, coin.denom)
      transfers.push({
        fungible_info: { name: 'Network fee', symbol: denom.symbol },
        direction: 'out',
        quantity: { numeric: displayAmount(coin.amount, denom.exponent) },
      })
    }
  const sent = mine.find((m) => m.from_address === viewer)
  const first = sent ?? mine[0]
  const operationType = sent
    ? 'send'
    : first
      ? 'receive'
      : tx.body.messages.length > 0 && paidFee
        ? 'execute'
        : 'receive'
  const hash = response.txhash.toUpperCase()
  return {
    transaction: {
      id: `${network.caip2}:${hash}`,
      metadata: {
        operationType,
        hash,
        minedAt: new Date(response.timestamp).toISOString(),
        sentFrom: first?.from_address ?? feePayer(tx, response) ?? viewer,
        sentTo: first?.to_address ?? viewer,
        status: failed ? 'failed' : 'confirmed',
        // The signer's account sequence: the Cosmos counterpart of an EVM sender's nonce.
        nonce: Number(tx.auth_info.signer_infos[0]?.sequence ?? 0),
        chain: network.caip2,
        ...(tx.body.memo ? { memo: tx.body.memo } : {}),
      },
      transfers,
    },
    memo: tx.body.memo,
  }
}
