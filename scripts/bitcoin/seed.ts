/**
 * Sixteen months of history for the dev payment account: the node's clock is set back, blocks
 * are mined month by month, and each month the faucet pays the account, the account pays a
 * friend, every third month it pays itself, and every fourth
 * the ordinal account receives. Every transaction goes through the mempool, so
 * the node validates each one as it would a wallet's.
 */

import { midMonthBefore } from '../shared/seedCalendar.js'
import { type DevBitcoinKey, devBitcoinKeys } from './keys.js'
import type { BitcoinNode } from './node.js'
import { type Coin, pay } from './transactions.js'

export const SEED_MONTHS = 16
const COINBASE_MATURITY = 100
const DAY = 86_400
/** What an inscription's output usually holds. */
const ORDINAL_POSTAGE = 10_000

export interface BitcoinSeedSummary {
  blocks: number
  paymentTransactions: number
  ordinalTransactions: number
  /** Unix seconds of the first and last seeded block carrying the account's transactions. */
  from: number
  to: number
}

/**
 * When each seeded month's block is mined, oldest first: mid-month for SEED_MONTHS down to 2
 * months back, then a day before `now` (block times only move forward). One per calendar month.
 */
export function seedBlockTimes(now: Date): number[] {
  const times: number[] = []
  for (let month = SEED_MONTHS; month >= 1; month--)
    times.push(
      month === 1 ? Math.floor(now.getTime() / 1000) - DAY : midMonthBefore(now, month) / 1000,
    )
  return times
}

async function coinbaseOf(node: BitcoinNode, height: number, owner: DevBitcoinKey): Promise<Coin> {
  const txid = node.index.blocks[height]?.txids[0]
  const tx = txid ? node.index.tx(txid) : undefined
  if (!txid || !tx) throw new Error(`no coinbase at height ${height}`)
  return { txid, vout: 0, value: tx.outputs[0]?.value ?? 0, owner }
}

export async function seedBitcoinHistory(
  node: BitcoinNode,
  now = new Date(),
): Promise<BitcoinSeedSummary> {
  const keys = devBitcoinKeys()
  const times = seedBlockTimes(now)
  const start = (times[0] as number) - 2 * DAY
  // The faucet's first reward must mature (100 blocks) before it can pay anyone, and bcoin's
  // regtest activates segwit by version bits, not from genesis as Bitcoin Core's does: three
  // 144-block periods of signalling (docs/bitcoin-node.md#known-gaps).
  for (let i = 0; i <= COINBASE_MATURITY || !node.segwitActive(); i++) {
    node.setClock(start + i * 60)
    await node.mine(1, keys.faucet.address)
  }
  let faucet = await coinbaseOf(node, 1, keys.faucet)
  const account: Coin[] = []
  let paymentTransactions = 0
  let ordinalTransactions = 0
  let from = 0
  let to = 0
  for (let month = SEED_MONTHS; month >= 1; month--) {
    const time = times[SEED_MONTHS - month] as number
    node.setClock(time)
    const received = pay(faucet, keys.payment.address, 5_000_000 + month * 10_000, 300)
    await node.broadcast(received.hex)
    faucet = received.change as Coin
    account.push({
      txid: received.txid,
      vout: 0,
      value: 5_000_000 + month * 10_000,
      owner: keys.payment,
    })
    const sent = pay(largest(account), keys.friend.address, 1_000_000 + month * 1_000, 250 + month)
    await node.broadcast(sent.hex)
    if (sent.change) account.push(sent.change)
    paymentTransactions += 2
    if (month % 3 === 0) {
      const self = pay(largest(account), keys.payment.address, 200_000, 200)
      await node.broadcast(self.hex)
      account.push({ txid: self.txid, vout: 0, value: 200_000, owner: keys.payment })
      if (self.change) account.push(self.change)
      paymentTransactions++
    }
    if (month % 4 === 0) {
      // The ordinal account receives (bcoin relays payments to taproot outputs; it cannot
      // validate spends from them: docs/bitcoin-node.md#known-gaps).
      const postage = pay(faucet, keys.ordinal.address, ORDINAL_POSTAGE, 200)
      await node.broadcast(postage.hex)
      faucet = postage.change as Coin
      ordinalTransactions++
    }
    await node.mine(1, keys.faucet.address)
    from ||= time
    to = time
  }
  node.setClock(undefined)
  return { blocks: node.index.tipHeight, paymentTransactions, ordinalTransactions, from, to }
}

/** Takes the account's largest coin out of the list (it is about to be spent). */
function largest(coins: Coin[]): Coin {
  coins.sort((a, b) => a.value - b.value)
  const coin = coins.pop()
  if (!coin) throw new Error('the dev payment account has no coins left')
  return coin
}
