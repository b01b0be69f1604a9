/**
 * The dev Polkadot chain judged only through its JSON-RPC, with @polkadot/api as a wallet or a
 * server would use it: the runtime and genesis, the funded accounts, sixteen months of history
 * read back from old blocks and their events, transfers signed with dev keys moving balances by
 * exactly amount + fee, and the runtime's refusals.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import '@polkadot/api-augment'
import { ApiPromise, Keyring, WsProvider } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import type { EventRecord } from '@polkadot/types/interfaces'
import { mnemonicGenerate } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDevChain } from './chain.js'
import { type DevPolkadot, devPolkadotKeys, startDevPolkadot } from './index.js'
import type { DevPolkadotKeys } from './keys.js'
import type { ChainSnapshot } from './snapshot.js'

let dot: DevPolkadot
let api: ApiPromise
let keys: DevPolkadotKeys
let unit: bigint

const snapshotFile = path.join(mkdtempSync(path.join(tmpdir(), 'latch-polkadot-')), 'seed.json')

beforeAll(async () => {
  // A fresh seed (no snapshot of today exists in a new folder), saved for the snapshot test.
  dot = await startDevPolkadot({ port: 0, snapshotFile })
  expect(dot.fromSnapshot).toBe(false)
  api = await ApiPromise.create({ provider: new WsProvider(dot.url), noInitWarn: true })
  keys = await devPolkadotKeys(dot.ss58Prefix)
  unit = 10n ** BigInt(api.registry.chainDecimals[0] ?? 12)
}, 300_000)

afterAll(async () => {
  await api?.disconnect()
  await dot?.stop()
})

const free = async (address: string, at?: string) => {
  const query = at ? await api.at(at) : api
  return (await query.query.system.account(address)).data.free.toBigInt()
}

/** Builds a block through the dev RPC, as a test drives the chain (no timer). */
const newBlock = async () =>
  (await api.rpc('dev_newBlock' as never, {} as never)) as unknown as string

/** The events of extrinsic `index` in block `hash`. */
const eventsOf = async (hash: string, index: number) =>
  ((await (await api.at(hash)).query.system.events()) as unknown as EventRecord[]).filter(
    (e) => e.phase.isApplyExtrinsic && e.phase.asApplyExtrinsic.toNumber() === index,
  )

/** Signs, submits, builds a block; answers the block, the extrinsic's events and its fee quote. */
async function include(tx: SubmittableExtrinsic<'promise'>, signer: DevPolkadotKeys['alice']) {
  const quote = (await tx.paymentInfo(signer.address)).partialFee.toBigInt()
  await tx.signAsync(signer.pair)
  await api.rpc.author.submitExtrinsic(tx)
  expect((await api.rpc.author.pendingExtrinsics()).map((x) => x.hash.toHex())).toContain(
    tx.hash.toHex(),
  )
  const hash = await newBlock()
  const block = await api.rpc.chain.getBlock(hash)
  const index = block.block.extrinsics.findIndex((x) => x.hash.eq(tx.hash))
  expect(index).toBeGreaterThanOrEqual(0)
  return { hash, events: await eventsOf(hash, index), quote }
}

const indexOf = (haystack: Uint8Array, needle: Uint8Array) => {
  for (let i = 0; i + needle.length <= haystack.length; i++)
    if (needle.every((b, j) => haystack[i + j] === b)) return i
  return -1
}

const moduleError = (events: EventRecord[]) => {
  const failed = events.find((e) => api.events.system.ExtrinsicFailed.is(e.event))
  if (!failed) return undefined
  const [error] = failed.event.data as unknown as [
    { isModule: boolean; asModule: Parameters<typeof api.registry.findMetaError>[0] },
  ]
  if (!error.isModule) return 'not a module error'
  const meta = api.registry.findMetaError(error.asModule)
  return `${meta.section}.${meta.name}`
}

describe('dev Polkadot chain', () => {
  it('runs a real runtime from genesis, offline, and names itself', async () => {
    const version = api.runtimeVersion
    expect(version.specName.toString()).toBe('statemine')
    expect(version.specVersion.toNumber()).toBe(900)
    expect((await api.rpc.system.chain()).toString()).toBe('asset-hub-rococo')
    const genesis = (await api.rpc.chain.getBlockHash(0)).toHex()
    expect(genesis).toBe(dot.genesisHash)
    expect(dot.caip2).toBe(`polkadot:${genesis.slice(2, 34)}`)
    expect(dot.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const properties = await api.rpc.system.properties()
    expect(properties.ss58Format.unwrap().toNumber()).toBe(dot.ss58Prefix)
    // The runtime's constant, which @polkadot/api prefers: both say the same.
    expect(api.consts.system.ss58Prefix.toNumber()).toBe(dot.ss58Prefix)
    expect(api.registry.chainSS58).toBe(dot.ss58Prefix)
    expect(api.registry.chainTokens[0]).toBe('ROC')
    expect(dot.accounts.alice).toBe(keys.alice.address)
  })

  it('funds the dev accounts without a sudo key', async () => {
    const ed = api.consts.balances.existentialDeposit.toBigInt()
    expect(await free(dot.accounts.charlie)).toBe(1_000_000n * unit)
    expect(await free(dot.accounts.dave)).toBe(1_000_000n * unit)
    expect(await free(dot.accounts.alice)).toBeGreaterThan(100n * unit)
    expect(await free(dot.accounts.bob)).toBeGreaterThan(100n * unit)
    expect(ed).toBeGreaterThan(0n)
  })

  it('serves sixteen months of Alice history from old blocks and their events', async () => {
    const head = (await api.rpc.chain.getHeader()).number.toNumber()
    const alice = dot.accounts.alice
    const months = new Set<string>()
    const times: number[] = []
    let sent = 0
    let received = 0
    let failed = 0
    for (let n = 1; n <= head; n++) {
      const hash = (await api.rpc.chain.getBlockHash(n)).toHex()
      expect(hash).not.toBe(dot.genesisHash)
      const at = await api.at(hash)
      const time = (await at.query.timestamp.now()).toNumber()
      times.push(time)
      const events = (await at.query.system.events()) as unknown as EventRecord[]
      const block = await api.rpc.chain.getBlock(hash)
      for (const record of events) {
        if (api.events.balances.Transfer.is(record.event)) {
          const [from, to] = record.event.data
          if (from.toString() === alice) sent++
          if (to.toString() === alice) received++
          if (from.toString() === alice || to.toString() === alice)
            months.add(new Date(time).toISOString().slice(0, 7))
        }
        if (api.events.system.ExtrinsicFailed.is(record.event)) {
          const extrinsic = block.block.extrinsics[record.phase.asApplyExtrinsic.toNumber()]
          if (extrinsic?.signer.toString() === alice) {
            failed++
            expect(moduleError([record])).toBe('balances.InsufficientBalance')
            // The failed transfer still cost Alice its fee.
            const parent = block.block.header.parentHash.toHex()
            const moved = events
              .filter((e) => api.events.balances.Transfer.is(e.event))
              .reduce((sum, e) => {
                const [f, t, amount] = e.event.data as unknown as [
                  string,
                  string,
                  { toBigInt(): bigint },
                ]
                if (f.toString() === alice) return sum - amount.toBigInt()
                if (t.toString() === alice) return sum + amount.toBigInt()
                return sum
              }, 0n)
            expect((await free(alice, hash)) - (await free(alice, parent)) - moved).toBeLessThan(0n)
          }
        }
      }
    }
    // Block times only increase, and the transfers span at least fifteen months.
    for (let i = 1; i < times.length; i++)
      expect(times[i]).toBeGreaterThan(times[i - 1] ?? Number.POSITIVE_INFINITY)
    expect(months.size).toBeGreaterThanOrEqual(16)
    const first = Math.min(...times)
    const last = Math.max(...times)
    expect(last - first).toBeGreaterThan(15 * 30 * 86_400_000)
    expect(last).toBeLessThanOrEqual(Date.now())
    expect(sent).toBeGreaterThanOrEqual(15)
    expect(received).toBeGreaterThanOrEqual(15)
    expect(failed).toBeGreaterThanOrEqual(3)
    expect(sent + received + failed).toBe(dot.seed.aliceHistory)
  })

  it('includes a signed transfer when a block is built, moving exactly amount + fee', async () => {
    const { charlie, dave } = keys
    const amount = 12_345n * (unit / 1000n)
    const before = { charlie: await free(charlie.address), dave: await free(dave.address) }
    const headBefore = (await api.rpc.chain.getHeader()).number.toNumber()
    const tx = api.tx.balances.transferKeepAlive(dave.address, amount)
    // Pending: in the pool, balances untouched until a block is built.
    const { hash, events, quote } = await include(tx, charlie)
    expect((await api.rpc.chain.getHeader(hash)).number.toNumber()).toBe(headBefore + 1)
    expect(events.some((e) => api.events.system.ExtrinsicSuccess.is(e.event))).toBe(true)
    expect(quote).toBeGreaterThan(0n)
    expect(await free(charlie.address)).toBe(before.charlie - amount - quote)
    expect(await free(dave.address)).toBe(before.dave + amount)
  })

  it('in instant mode builds a block as soon as a transaction arrives, stamped with the wall clock', async () => {
    const { dave, bob } = keys
    const before = Date.now()
    const head = (await api.rpc.chain.getHeader()).number.toNumber()
    dot.setInstant(true)
    try {
      // No dev_newBlock here: the wallet's transfer lands by itself.
      const inBlock = await new Promise<string>((resolve, reject) => {
        api.tx.balances
          .transferKeepAlive(bob.address, unit)
          .signAndSend(dave.pair, ({ status, dispatchError }) => {
            if (dispatchError) reject(new Error(dispatchError.toString()))
            // chopsticks sends inBlock then finalized a moment later; either names the block.
            if (status.isInBlock) resolve(status.asInBlock.toHex())
            if (status.isFinalized) resolve(status.asFinalized.toHex())
          })
          .catch(reject)
      })
      expect((await api.rpc.chain.getHeader(inBlock)).number.toNumber()).toBe(head + 1)
      const time = (await (await api.at(inBlock)).query.timestamp.now()).toNumber()
      // Block times sit on slot boundaries (12 s on this runtime).
      expect(time).toBeGreaterThan(before - 12_000)
      expect(time).toBeLessThanOrEqual(Date.now())
    } finally {
      dot.setInstant(false)
    }
  })

  it('refuses a transfer below the existential deposit, and one that would drop the sender below it', async () => {
    const { charlie } = keys
    const ed = api.consts.balances.existentialDeposit.toBigInt()
    const stranger = new Keyring({ type: 'sr25519', ss58Format: dot.ss58Prefix }).addFromMnemonic(
      mnemonicGenerate(),
    )
    const before = await free(charlie.address)
    const small = await include(
      api.tx.balances.transferKeepAlive(stranger.address, ed - 1n),
      charlie,
    )
    expect(moduleError(small.events)).toBe('balances.ExistentialDeposit')
    expect(await free(stranger.address)).toBe(0n)
    expect(await free(charlie.address)).toBe(before - small.quote)

    // Everything but half the deposit, once the fee is paid: the runtime keeps the sender alive.
    const all = await free(charlie.address)
    const probe = api.tx.balances.transferKeepAlive(stranger.address, all - ed / 2n)
    const fee = (await probe.paymentInfo(charlie.address)).partialFee.toBigInt()
    const drain = await include(
      api.tx.balances.transferKeepAlive(stranger.address, all - fee - ed / 2n),
      charlie,
    )
    expect(moduleError(drain.events)).toBe('balances.KeepAlive')
    expect(await free(stranger.address)).toBe(0n)
  })

  it('refuses a transfer with a bad signature at the pool, and takes the intact one', async () => {
    const { dave, bob } = keys
    const tx = await api.tx.balances.transferKeepAlive(bob.address, unit).signAsync(dave.pair)
    const bytes = tx.toU8a()
    const signature = tx.signature.toU8a().slice(-64)
    const at = indexOf(bytes, signature)
    expect(at).toBeGreaterThan(0)
    const forged = new Uint8Array(bytes)
    forged[at] = (forged[at] ?? 0) ^ 0xff
    const forgedTx = api.createType('Extrinsic', forged)
    expect(forgedTx.signer.toString()).toBe(dave.address)
    expect(forgedTx.signature.toHex()).not.toBe(tx.signature.toHex())
    await expect(api.rpc.author.submitExtrinsic(forgedTx)).rejects.toThrow(
      /1010.*bad ?proof|badProof/i,
    )
    expect(await api.rpc.author.pendingExtrinsics()).toHaveLength(0)
    await expect(api.rpc.author.submitExtrinsic(tx)).resolves.toBeDefined()
    await newBlock()
    expect((await api.rpc.author.pendingExtrinsics()).length).toBe(0)
  })

  it("puts today's seed back from its snapshot: the same blocks, state and events, and it builds on", async () => {
    const again = await startDevPolkadot({ port: 0, snapshotFile })
    const other = await ApiPromise.create({ provider: new WsProvider(again.url), noInitWarn: true })
    try {
      expect(again.fromSnapshot).toBe(true)
      expect(again.seed).toEqual(dot.seed)
      expect(again.genesisHash).toBe(dot.genesisHash)
      const head = (await other.rpc.chain.getHeader()).number.toNumber()
      expect(head).toBe(dot.seed.blocks + 1)
      for (let n = 0; n <= head; n++) {
        const hash = (await other.rpc.chain.getBlockHash(n)).toHex()
        expect(hash).toBe((await api.rpc.chain.getBlockHash(n)).toHex())
        const theirs = await (await other.at(hash)).query.system.events()
        const ours = await (await api.at(hash)).query.system.events()
        expect(theirs.toHex()).toBe(ours.toHex())
      }
      const last = (await other.rpc.chain.getBlockHash(head)).toHex()
      expect((await (await other.at(last)).query.system.account(dot.accounts.alice)).toHex()).toBe(
        (await (await api.at(last)).query.system.account(dot.accounts.alice)).toHex(),
      )
      // A transfer on the restored chain is validated and applied by the runtime as before.
      const before = (await other.query.system.account(dot.accounts.bob)).data.free.toBigInt()
      await other.tx.balances.transferKeepAlive(dot.accounts.bob, unit).signAndSend(keys.alice.pair)
      await again.newBlock()
      const after = (await other.query.system.account(dot.accounts.bob)).data.free.toBigInt()
      expect(after - before).toBe(unit)
    } finally {
      await other.disconnect()
      await again.stop()
    }
    // A snapshot whose block does not hash to its header is refused, not served.
    const saved = JSON.parse(readFileSync(snapshotFile, 'utf8')) as ChainSnapshot
    const tampered = saved.blocks.map((b, i) =>
      i === 2 ? { ...b, hash: `0x${'11'.repeat(32)}` } : b,
    )
    await expect(openDevChain({ blocks: tampered })).rejects.toThrow(/does not hash/)
  })
})
