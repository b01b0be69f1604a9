import type { Transaction, TransactionTransfer } from '@latch/core/wire'
import type { EsploraTx } from './esplora.js'

/**
 * A Bitcoin transaction from one address's point of view (docs/bitcoin-server.md#history):
 *  - receive: the address funded no input; `in` = what its outputs received.
 *  - send: it funded every input and paid someone else; `out` = what the others received, and
 *    the fee as a second `out` transfer named "Network fee".
 *  - self-transfer: it funded every input and every output with a value is its own; one `self`
 *    transfer of what came back, and the fee. operationType `send`, as EVM's self-transfers.
 *  - shared inputs (a coinjoin, a payjoin): nobody can say whose the fee was, so one transfer of
 *    the net change (`in` or `out`), no fee line.
 * Values are satoshis; the wire's quantities are BTC decimals (8 places, no trailing zeros).
 */

export type BitcoinDirection = 'receive' | 'send' | 'self' | 'shared'

export interface Classified {
  kind: BitcoinDirection
  /** Satoshis the address's inputs spent. */
  spent: number
  /** Satoshis its outputs received. */
  received: number
  /** Satoshis paid to others (send), received (receive), or returned (self); net for shared. */
  amount: number
  /** The fee the address paid; 0 when it paid none or its share cannot be told. */
  fee: number
  /** Who paid: the first input's address (the address itself when it paid). */
  from: string
  /** Who was paid: the first other output's address (the address itself for receive/self). */
  to: string
}

/** Satoshis as a BTC decimal string: 150000000 → "1.5". */
export function btc(sats: number): string {
  const negative = sats < 0
  const abs = BigInt(Math.abs(sats))
  const whole = abs / 100_000_000n
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const outputName = (out: EsploraTx['vout'][number]) =>
  out.scriptpubkey_address ??
  (out.scriptpubkey_type === 'op_return' ? 'OP_RETURN' : out.scriptpubkey)

export function classify(tx: EsploraTx, viewer: { address: string; script: string }): Classified {
  const mine = (script: string | undefined) => script === viewer.script
  let spent = 0
  let myInputs = 0
  for (const input of tx.vin)
    if (input.prevout && mine(input.prevout.scriptpubkey)) {
      spent += input.prevout.value
      myInputs++
    }
  let received = 0
  let toOthers = 0
  let firstOther: string | undefined
  for (const out of tx.vout) {
    if (mine(out.scriptpubkey)) received += out.value
    else {
      toOthers += out.value
      // A zero-value OP_RETURN carries data, not a payment: it names nobody paid.
      if (firstOther === undefined && out.value > 0) firstOther = outputName(out)
    }
  }
  const firstInput = tx.vin[0]
  const payer = firstInput?.is_coinbase
    ? 'coinbase'
    : (firstInput?.prevout?.scriptpubkey_address ?? firstInput?.prevout?.scriptpubkey ?? '')
  if (myInputs === 0)
    return {
      kind: 'receive',
      spent,
      received,
      amount: received,
      fee: 0,
      from: payer,
      to: viewer.address,
    }
  if (myInputs < tx.vin.length) {
    const net = received - spent
    return {
      kind: 'shared',
      spent,
      received,
      amount: net,
      fee: 0,
      from: net > 0 ? payer : viewer.address,
      to: net > 0 ? viewer.address : (firstOther ?? viewer.address),
    }
  }
  if (firstOther === undefined)
    return {
      kind: 'self',
      spent,
      received,
      amount: received,
      fee: tx.fee,
      from: viewer.address,
      to: viewer.address,
    }
  return {
    kind: 'send',
    spent,
    received,
    amount: toOthers,
    fee: tx.fee,
    from: viewer.address,
    to: firstOther,
  }
}

const BITCOIN = { name: 'Bitcoin', symbol: 'BTC' }
/** The fee's own line: a client summing BTC lines gets the address's real balance change. */
const NETWORK_FEE = { name: 'Network fee', symbol: 'BTC' }

/** The history wire's row (docs/behaviour.md#history-wire-format) for one viewer. */
export function toBitcoinWireTransaction(
  tx: EsploraTx,
  viewer: { address: string; script: string },
  chain: string,
  now: Date,
): Transaction {
  const c = classify(tx, viewer)
  const transfers: TransactionTransfer[] = []
  if (c.kind === 'receive')
    transfers.push({
      fungible_info: BITCOIN,
      direction: 'in',
      quantity: { numeric: btc(c.amount) },
    })
  else if (c.kind === 'shared')
    transfers.push({
      fungible_info: BITCOIN,
      direction: c.amount > 0 ? 'in' : c.amount < 0 ? 'out' : 'self',
      quantity: { numeric: btc(Math.abs(c.amount)) },
    })
  else
    transfers.push({
      fungible_info: BITCOIN,
      direction: c.kind === 'self' ? 'self' : 'out',
      quantity: { numeric: btc(c.amount) },
    })
  if (c.fee > 0)
    transfers.push({
      fungible_info: NETWORK_FEE,
      direction: 'out',
      quantity: { numeric: btc(c.fee) },
    })
  const { status } = tx
  return {
    id: `${chain}:${tx.txid}`,
    metadata: {
      operationType:
        c.kind === 'receive' || (c.kind === 'shared' && c.amount > 0) ? 'receive' : 'send',
      hash: tx.txid,
      // A pending transaction has no block time: it is shown as of now, the newest.
      minedAt: new Date(
        status.confirmed && status.block_time ? status.block_time * 1000 : now.getTime(),
      ).toISOString(),
      sentFrom: c.from,
      sentTo: c.to,
      status: status.confirmed ? 'confirmed' : 'pending',
      // Bitcoin has no account nonce: the block height, as Solana gives its slot (0 while pending).
      nonce: status.confirmed ? (status.block_height ?? 0) : 0,
      chain,
    },
    transfers,
  }
}
