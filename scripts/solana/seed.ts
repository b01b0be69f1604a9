/**
 * Sixteen months of history for the local cluster's dev accounts, dated back from `now`: SOL and
 * SPL transfers both ways, a swap (two assets in one transaction), a failed transfer and an
 * unsolicited token airdrop to six accounts (spam). The same `now` always gives the same history.
 */

import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  getCreateAccountInstruction,
  getTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { DEV_TOKENS, type DevSolanaKeys, devSolanaKeys, tokenAccountOf } from './accounts.js'
import type { LedgerTransaction, SolanaLedger } from './ledger.js'

const DAY = 86_400
const SOL = 1_000_000_000n
export const HISTORY_DAYS = 480

export interface SolanaSeedResult {
  transactions: number
  failed: number
  durationMs: number
  keys: DevSolanaKeys
}

export class SolanaSeedError extends Error {
  override name = 'SolanaSeedError'
}

export async function submitInstructions(
  ledger: SolanaLedger,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<LedgerTransaction> {
  const transaction = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(ledger.latestBlockhash(), m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  )
  return ledger.submit(transaction)
}

export async function seedSolanaCluster(
  ledger: SolanaLedger,
  now: Date = new Date(),
): Promise<SolanaSeedResult> {
  const started = performance.now()
  const keys = await devSolanaKeys()
  const { faucet, spammer, accounts: a, mints } = keys
  const midnight = Math.floor(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000,
  )
  let last = 0
  let count = 0
  let failed = 0
  // Each step is dated; steps on the same day follow each other a minute apart.
  const at = (daysAgo: number, minute = 0) => {
    const time = Math.max(midnight - daysAgo * DAY + 9 * 3600 + minute * 60, last + 1)
    last = time
    ledger.setTime(time)
  }
  const run = async (payer: KeyPairSigner, instructions: Instruction[], expectFailure = false) => {
    const tx = await submitInstructions(ledger, payer, instructions)
    count += 1
    if (tx.err) failed += 1
    if (!!tx.err !== expectFailure)
      throw new SolanaSeedError(
        `seed step ${count} ${tx.err ? `failed: ${JSON.stringify(tx.err)}` : 'did not fail'}`,
      )
  }
  const sol = (from: KeyPairSigner, to: KeyPairSigner, amount: bigint) =>
    getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(amount) })
  const ata = (owner: KeyPairSigner, mint: KeyPairSigner) =>
    tokenAccountOf(owner.address, mint.address)
  const openAta = async (payer: KeyPairSigner, owner: KeyPairSigner, mint: KeyPairSigner) =>
    getCreateAssociatedTokenIdempotentInstruction({
      payer,
      ata: await ata(owner, mint),
      owner: owner.address,
      mint: mint.address,
    })
  const token = async (
    key: keyof typeof DEV_TOKENS,
    from: KeyPairSigner,
    to: KeyPairSigner,
    amount: bigint,
  ) =>
    getTransferCheckedInstruction({
      source: await ata(from, mints[key]),
      mint: mints[key].address,
      destination: await ata(to, mints[key]),
      authority: from,
      amount,
      decimals: DEV_TOKENS[key].decimals,
    })
  const mintTo = async (
    key: keyof typeof DEV_TOKENS,
    authority: KeyPairSigner,
    to: KeyPairSigner,
    amount: bigint,
  ) =>
    getMintToCheckedInstruction({
      mint: mints[key].address,
      token: await ata(to, mints[key]),
      mintAuthority: authority,
      amount,
      decimals: DEV_TOKENS[key].decimals,
    })

  // Genesis: only the faucet is funded outside the ledger; everything else is a transaction.
  ledger.svm.setAccount({
    address: faucet.address,
    lamports: lamports(1_000_000n * SOL),
    data: new Uint8Array(),
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    executable: false,
    space: 0n,
  })
  at(HISTORY_DAYS)
  await run(faucet, [
    sol(faucet, a.wallet, 20n * SOL),
    sol(faucet, a.friend, 50n * SOL),
    sol(faucet, a.shop, 5n * SOL),
    sol(faucet, a.pool, 100n * SOL),
    sol(faucet, spammer, 10n * SOL),
  ])
  const rentForMint = ledger.svm.minimumBalanceForRentExemption(BigInt(getMintSize()))
  for (const [key, authority] of [
    ['usd', faucet],
    ['dog', faucet],
    ['spam', spammer],
  ] as const) {
    at(HISTORY_DAYS, 1)
    await run(authority, [
      getCreateAccountInstruction({
        payer: authority,
        newAccount: mints[key],
        lamports: lamports(rentForMint),
        space: getMintSize(),
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({
        mint: mints[key].address,
        decimals: DEV_TOKENS[key].decimals,
        mintAuthority: authority.address,
      }),
    ])
  }
  at(HISTORY_DAYS, 2)
  const usd = 1_000_000n
  await run(faucet, [
    await openAta(faucet, a.wallet, mints.usd),
    await openAta(faucet, a.friend, mints.usd),
    await openAta(faucet, a.shop, mints.usd),
    await openAta(faucet, a.pool, mints.usd),
    await mintTo('usd', faucet, a.wallet, 500n * usd),
    await mintTo('usd', faucet, a.friend, 1000n * usd),
    await mintTo('usd', faucet, a.pool, 5000n * usd),
  ])
  at(HISTORY_DAYS, 3)
  await run(faucet, [
    await openAta(faucet, a.friend, mints.dog),
    await mintTo('dog', faucet, a.friend, 100_000n * 100_000n),
  ])

  // Sixteen months, newest a few days ago: something every month.
  for (let month = 0; month < 16; month++) {
    const day = HISTORY_DAYS - 5 - month * 31
    at(day)
    await run(a.friend, [sol(a.friend, a.wallet, SOL / 2n + BigInt(month) * (SOL / 10n))])
    at(day - 5)
    if (month % 2 === 0) await run(a.wallet, [sol(a.wallet, a.shop, SOL / 10n)])
    else
      await run(a.wallet, [
        await token('usd', a.wallet, a.shop, 12n * usd + BigInt(month) * 250_000n),
      ])
    if (month % 3 === 1) {
      at(day - 12)
      await run(a.friend, [await token('usd', a.friend, a.wallet, 40n * usd)])
    }
    if (month === 5) {
      // A swap: LUSD to the pool and SOL back, in one transaction both sign.
      at(day - 15)
      await run(a.wallet, [
        await token('usd', a.wallet, a.pool, 50n * usd),
        sol(a.pool, a.wallet, (4n * SOL) / 10n),
      ])
    }
    if (month === 9) {
      at(day - 15)
      await run(a.wallet, [sol(a.wallet, a.friend, 1000n * SOL)], true)
    }
    if (month === 12) {
      // Spam: a token nobody asked for, minted to six accounts in one transaction.
      at(day - 15)
      const owners = [a.wallet, a.friend, a.shop, a.pool, a.fresh, faucet]
      const instructions: Instruction[] = []
      for (const owner of owners) instructions.push(await openAta(spammer, owner, mints.spam))
      for (const owner of owners) instructions.push(await mintTo('spam', spammer, owner, 1000n))
      await run(spammer, instructions)
    }
    if (month === 14) {
      at(day - 15)
      await run(a.friend, [
        await openAta(a.friend, a.wallet, mints.dog),
        await token('dog', a.friend, a.wallet, 2_500n * 100_000n),
      ])
    }
  }
  ledger.setTime(null)
  if (last * 1000 >= now.getTime() - DAY * 1000)
    throw new SolanaSeedError('history would end less than a day before now')
  return { transactions: count, failed, durationMs: Math.round(performance.now() - started), keys }
}
