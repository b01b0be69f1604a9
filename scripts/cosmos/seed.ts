/**
 * Sixteen months of history for the dev wallet account, made the way a real chain's would be:
 * every transaction signed by cosmjs's own signers (direct and amino), admitted by CheckTx and
 * executed in a block, with the node's clock set back so block times spread over the months.
 * Sends, receives, a second denom, memos, a two-message transaction and one that fails in its
 * block (insufficient funds), as wallets meet them.
 */
import type { StdFee } from '@cosmjs/amino'
import { monthStartBefore, seedMonthTimes } from '../shared/seedCalendar.js'
import type { CosmosChain } from './chain.js'
import { FEE_DENOM, TOKEN_DENOM } from './config.js'
import type { DevCosmosAccount, DevCosmosKeys } from './keys.js'
import { type Send, signSend } from './sign.js'

export const SEED_MONTHS = 16
const DAY = 86_400_000

export interface CosmosSeedSummary {
  blocks: number
  /** Transactions the wallet account sent or received (the failed one included). */
  walletTransactions: number
  failedTx: string
  firstTime: Date
  lastTime: Date
}

/** The genesis balances the seed starts from (the faucet funds everything else). */
export function seedGenesis(keys: DevCosmosKeys) {
  return [
    {
      address: keys.faucet.address,
      coins: [
        { denom: TOKEN_DENOM, amount: 1_000_000_000_000n },
        { denom: FEE_DENOM, amount: 10_000_000_000_000n },
      ],
    },
    { address: keys.friend.address, coins: [{ denom: FEE_DENOM, amount: 500_000_000n }] },
  ]
}

/** A day before the start of the month SEED_MONTHS months back: where the dev chain's genesis
 * sits, before the first monthly batch (scripts/shared/seedCalendar.ts). */
export function seedGenesisTime(now: Date): Date {
  return new Date(monthStartBefore(now, SEED_MONTHS) - DAY)
}

const send = (from: string, to: string, amount: bigint, denom = FEE_DENOM): Send => ({
  fromAddress: from,
  toAddress: to,
  amount: [{ denom, amount: amount.toString() }],
})

/** 100k gas a message at 0.025ustake: what a wallet pays after simulating (~65k) with margin. */
const feeFor = (messages: number): StdFee => {
  const gas = 100_000 * messages
  return { amount: [{ denom: FEE_DENOM, amount: String(gas / 40) }], gas: String(gas) }
}

export async function seedCosmosHistory(
  chain: CosmosChain,
  keys: DevCosmosKeys,
  now = new Date(),
): Promise<CosmosSeedSummary> {
  const wallet = keys.wallet.address
  const friend = keys.friend.address
  let time = chain.tip.time.getTime()
  let walletTransactions = 0
  let failedTx = ''
  const monthTimes = seedMonthTimes(now, SEED_MONTHS)

  /** Signs with cosmjs as a wallet would, submits through CheckTx, and mines its block. */
  async function submit(
    account: DevCosmosAccount,
    mode: 'direct' | 'amino',
    msgs: Send[],
    memo: string,
    at: number,
  ) {
    const onChain = chain.state.account(account.address)
    if (!onChain) throw new Error(`seed: ${account.address} has no account`)
    const bytes = await signSend(account, mode, msgs, feeFor(msgs.length), memo, {
      chainId: chain.chainId,
      accountNumber: onChain.accountNumber,
      sequence: onChain.sequence,
    })
    const check = chain.checkTx(bytes)
    if (check.code !== 0) throw new Error(`seed: CheckTx refused a seeded tx: ${check.log}`)
    time = Math.max(at, time + 1000)
    chain.setClock(time)
    const [block] = chain.mine(1)
    const stored = block?.txs[0]
    if (!stored) throw new Error('seed: the block holds no tx')
    const touches = [account.address, ...msgs.map((m) => m.toAddress)]
    if (touches.includes(wallet)) walletTransactions++
    return stored
  }

  for (let month = 0; month < SEED_MONTHS; month++) {
    const day = new Date(monthTimes[month] as number)
    const at = (hours: number) => day.getTime() + hours * 3_600_000
    const label = day.toISOString().slice(0, 7)
    await submit(
      keys.faucet,
      'direct',
      [send(keys.faucet.address, wallet, 25_000_000n)],
      `allowance ${label}`,
      at(1),
    )
    if (month % 3 === 0)
      await submit(
        keys.faucet,
        'direct',
        [send(keys.faucet.address, wallet, 5_000_000n, TOKEN_DENOM)],
        '',
        at(2),
      )
    await submit(
      keys.wallet,
      month % 2 ? 'amino' : 'direct',
      [send(wallet, friend, 3_000_000n + BigInt(month) * 100_000n)],
      `rent share ${label}`,
      at(5),
    )
    if (month % 3 === 1)
      await submit(
        keys.wallet,
        'direct',
        [send(wallet, friend, 1_000_000n, TOKEN_DENOM)],
        'latch for lunch',
        at(8),
      )
    if (month % 4 === 2)
      await submit(
        keys.friend,
        'amino',
        [send(friend, wallet, 750_000n)],
        `thanks <${label}> & more`,
        at(12),
      )
    if (month === 7) {
      // Passes CheckTx (the fee is payable) and fails in its block: more ulatch than held.
      const failed = await submit(
        keys.wallet,
        'direct',
        [send(wallet, friend, 999_000_000_000n, TOKEN_DENOM)],
        'too much',
        at(20),
      )
      if (failed.result.code === 0) throw new Error('seed: the failing tx succeeded')
      failedTx = failed.tx.hash
    }
    if (month === 10)
      await submit(
        keys.wallet,
        'direct',
        [send(wallet, friend, 1_000_000n), send(wallet, keys.faucet.address, 2_000_000n)],
        'two messages',
        at(22),
      )
  }
  // The newest seeded block is a day before now; later blocks follow the real clock.
  chain.setClock(Math.max(now.getTime() - DAY, time + 1000))
  chain.mine(1)
  chain.setClock(undefined)
  return {
    blocks: Number(chain.height),
    walletTransactions,
    failedTx,
    firstTime: new Date(monthTimes[0] as number),
    lastTime: chain.tip.time,
  }
}
