/**
 * Sixteen months of history for the dev accounts, built as real blocks whose timestamps are
 * spread over the months: every transfer is signed with a dev key, validated by the runtime in
 * the pool, and included with its fee and events, so a server reads it back from the chain the
 * way it would read any Substrate chain (docs/polkadot-node.md#the-seed).
 */
import '@polkadot/api-augment'
import type { ApiPromise } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import { monthStartBefore, seedMonthTimes } from '../shared/seedCalendar.js'
import type { DevChain } from './chain.js'
import { PolkadotChainError } from './errors.js'
import type { DevPolkadotKeys } from './keys.js'
import type { PolkadotSeedSummary } from './types.js'

export type { PolkadotSeedSummary }

/** Months of history; the first block is this many months before now. */
export const SEED_MONTHS = 16

/** The seed's first block time: the start of the month SEED_MONTHS months before `now`'s,
 * before the first monthly batch (scripts/shared/seedCalendar.ts). */
export function seedStart(now: number): number {
  return monthStartBefore(now, SEED_MONTHS)
}

interface Planned {
  tx: SubmittableExtrinsic<'promise'>
  /** Whether the runtime should dispatch it successfully. */
  succeeds: boolean
  alice: boolean
}

/**
 * Seeds `devChain` (whose head is the chain's first block, at seedStart(now)) through `api`,
 * connected to its RPC. The faucet is already funded (storage override).
 */
export async function seedPolkadotHistory(
  devChain: DevChain,
  api: ApiPromise,
  keys: DevPolkadotKeys,
  now: number,
): Promise<PolkadotSeedSummary> {
  const decimals = api.registry.chainDecimals[0] ?? 12
  const unit = 10n ** BigInt(decimals)
  const nonces = new Map<string, number>()
  const { alice, bob, charlie, faucet } = keys
  const transfer = async (
    from: typeof alice,
    to: string,
    amount: bigint,
    succeeds = true,
  ): Promise<Planned> => {
    const nonce = nonces.get(from.address) ?? 0
    nonces.set(from.address, nonce + 1)
    // Immortal: the seed jumps months between blocks, and a mortal era counts blocks anyway.
    const tx = await api.tx.balances
      .transferKeepAlive(to, amount)
      .signAsync(from.pair, { nonce, era: 0 })
    return { tx, succeeds, alice: from === alice || to === alice.address }
  }

  const summary: PolkadotSeedSummary = {
    blocks: 0,
    transfers: 0,
    failed: 0,
    firstBlockAt: 0,
    lastBlockAt: 0,
    aliceHistory: 0,
  }
  // One batch mid-month in each of the SEED_MONTHS months before this one.
  const times = seedMonthTimes(now, SEED_MONTHS)
  // The newest a day before now, as a wallet opened today would see its last activity.
  times.push(now - 86_400_000)

  for (const [i, at] of times.entries()) {
    const planned: Planned[] = []
    if (i === 0) {
      planned.push(await transfer(faucet, alice.address, 1_000n * unit))
      planned.push(await transfer(faucet, bob.address, 1_000n * unit))
    } else {
      // Both ways each month, amounts varying so rows are told apart.
      planned.push(await transfer(alice, bob.address, unit + BigInt(i) * (unit / 10n)))
      planned.push(await transfer(bob, alice.address, unit / 2n + BigInt(i) * (unit / 100n)))
      // Every fourth month a transfer beyond Alice's balance: included, fee paid, failed.
      if (i % 4 === 2)
        planned.push(await transfer(alice, charlie.address, 1_000_000n * unit, false))
    }
    // Straight into the block: applying an extrinsic validates it as the pool would, and each
    // runtime call costs chopsticks a fresh instance of the Wasm (docs/polkadot-node.md#start-up).
    const block = await devChain.buildBlock(
      at,
      planned.map((p) => p.tx.toHex()),
    )
    await checkOutcomes(api, block.hash, planned)
    summary.blocks++
    summary.transfers += planned.filter((p) => p.succeeds).length
    summary.failed += planned.filter((p) => !p.succeeds).length
    summary.aliceHistory += planned.filter((p) => p.alice).length
    if (i === 0) summary.firstBlockAt = await blockTime(api, block.hash)
    summary.lastBlockAt = await blockTime(api, block.hash)
  }
  return summary
}

async function blockTime(api: ApiPromise, hash: string): Promise<number> {
  return (await (await api.at(hash)).query.timestamp.now()).toNumber()
}

/** Each planned extrinsic is in the block and succeeded or failed as planned. */
async function checkOutcomes(api: ApiPromise, hash: string, planned: Planned[]) {
  const signed = await api.rpc.chain.getBlock(hash)
  const extrinsics = signed.block.extrinsics.map((x) => x.hash.toHex())
  const events = await (await api.at(hash)).query.system.events()
  for (const p of planned) {
    const index = extrinsics.indexOf(p.tx.hash.toHex())
    if (index < 0) throw new PolkadotChainError(`seed: ${p.tx.hash.toHex()} was not included`)
    const outcome = events.find(
      (e) =>
        e.phase.isApplyExtrinsic &&
        e.phase.asApplyExtrinsic.toNumber() === index &&
        api.events.system.ExtrinsicSuccess.is(e.event) !==
          api.events.system.ExtrinsicFailed.is(e.event),
    )
    const succeeded = outcome ? api.events.system.ExtrinsicSuccess.is(outcome.event) : false
    if (succeeded !== p.succeeds)
      throw new PolkadotChainError(
        `seed: extrinsic ${index} of block ${hash} ${succeeded ? 'succeeded' : 'failed'}, planned otherwise`,
      )
  }
}
