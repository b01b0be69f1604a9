/**
 * The Polkadot adapter against the dev chain (chopsticks running a real runtime, seeded): the test
 * extension connects, the accounts come in the chain's prefix, balances read both ways agree, a
 * signed message verifies, a transfer goes ready → in block → finalized and moves exactly the
 * amount and the quoted fee; transfers the runtime would fail while charging a fee (sender or
 * receiver below the existential deposit) are refused before the extension is asked; a corrupted
 * signature is refused by the node; another network's receiver and a url serving another chain
 * are refused.
 */
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevPolkadot, startDevPolkadot } from '../../../../../scripts/polkadot/index.js'
import type { CaipNetwork } from '../../networks/types.js'
import { createMemoryStorage } from '../../storage/backend.js'
import {
  attachPolkadotTestExtension,
  createPolkadotTestSigner,
  type PolkadotTestSigner,
} from '../../testing/polkadotWallet.js'
import { createPolkadotAdapter, type PolkadotAdapter } from './adapter.js'
import { createChainApis } from './api.js'
import {
  PolkadotExistentialDepositError,
  PolkadotInvalidAddressError,
  PolkadotTransactionError,
} from './errors.js'
import { createPolkadotDevNetwork, polkadotNetwork } from './networks.js'
import { existentialDepositOf, readBalance } from './read.js'
import { decodeSs58, encodeSs58 } from './ss58.js'
import type { TransactionStage } from './transfer.js'
import { verifyPolkadotMessage } from './verifyMessage.js'

const DAVE = 'DfnTB4z7eUvYRqcGtTpFsLC69o6tvBSC1pEv8vWPZFtCkaK'
const root = fileURLToPath(new URL('../../../../..', import.meta.url))

let dot: DevPolkadot
let network: CaipNetwork
let signer: PolkadotTestSigner
let adapter: PolkadotAdapter
let alice: string
let bob: string
const apis = createChainApis()

beforeAll(async () => {
  // Today's seed from `npm start`'s cache when there is one (a copy: this chain writes nothing
  // back to it); a fresh seed otherwise.
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-polkadot-adapter-'))
  const cached = path.join(root, 'node_modules', '.cache', 'latch', 'polkadot-seed.json')
  const snapshotFile = path.join(dir, 'seed.json')
  if (existsSync(cached)) copyFileSync(cached, snapshotFile)
  dot = await startDevPolkadot({ port: 0, snapshotFile })
  network = createPolkadotDevNetwork(dot.url)
  ;(globalThis as { window?: unknown }).window = {}
  signer = await createPolkadotTestSigner({ chainUrl: dot.url })
  attachPolkadotTestExtension(signer, { bridge: '__dot', key: 'subwallet-js' })
  adapter = createPolkadotAdapter({ networks: [network], storage: createMemoryStorage() })
  const connected = await adapter.connect({ connectorId: 'polkadot:subwallet-js' })
  ;[alice, bob] = connected.accounts.map((a) => a.address) as [string, string]
}, 300_000)

afterAll(async () => {
  adapter?.destroy?.()
  await signer?.close()
  await apis.close()
  await dot?.stop()
  delete (globalThis as { window?: unknown }).window
})

/** Waits for `stage`, building a block when the transaction is pooled (no block timer here). */
function stages(hash: string) {
  const seen: TransactionStage['stage'][] = []
  const finalized = new Promise<TransactionStage>((resolve) => {
    adapter.watchTransaction(hash, (stage) => {
      seen.push(stage.stage)
      if (stage.stage === 'ready') void dot.newBlock()
      if (stage.stage === 'finalized') resolve(stage)
    })
  })
  return { seen, finalized }
}

describe('the Polkadot adapter on the dev chain', () => {
  it("connects with the extension's accounts in the chain's prefix, and reads their balances", async () => {
    expect(alice).toBe(dot.accounts.alice)
    expect(bob).toBe(dot.accounts.bob)
    const api = await apis.api(network)
    const direct = await readBalance(api, alice)
    const read = await adapter.getBalances({ address: alice, network })
    expect(read).toEqual(direct)
    expect(read.free).toBeGreaterThan(0n)
    const { balance, symbol } = await adapter.getBalance({ address: alice, network })
    expect(symbol).toBe('ROC')
    expect(Number(balance)).toBeGreaterThan(0)
  }, 60_000)

  it('signs a message the account verifiably signed', async () => {
    const signature = await adapter.signMessage({ address: bob, message: 'Latch says hi' })
    expect(await verifyPolkadotMessage({ address: bob, message: 'Latch says hi', signature })).toBe(
      true,
    )
    expect(
      await verifyPolkadotMessage({ address: alice, message: 'Latch says hi', signature }),
    ).toBe(false)
  })

  it('transfers 1.5 ROC: ready, in block, finalized; exactly the amount and the quoted fee move', async () => {
    const api = await apis.api(network)
    const value = 1_500_000_000_000n
    const before = { alice: await readBalance(api, alice), dave: await readBalance(api, DAVE) }
    const estimate = await adapter.estimateSend({ from: alice, to: DAVE, network, value })
    expect(estimate.fee).toBeGreaterThan(0n)
    expect(estimate.detail?.existentialDeposit).toBe(existentialDepositOf(api))
    const hash = await adapter.sendToken({ from: alice, to: DAVE, network, value, estimate })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const { seen, finalized } = stages(hash)
    expect(await finalized).toMatchObject({ stage: 'finalized', status: 'success' })
    expect(seen).toEqual(['ready', 'inBlock', 'finalized'])
    expect(await adapter.waitForTransaction({ hash, network })).toEqual({ status: 'success' })
    const after = { alice: await readBalance(api, alice), dave: await readBalance(api, DAVE) }
    expect(after.dave.free - before.dave.free).toBe(value)
    expect(before.alice.free - after.alice.free).toBe(value + estimate.fee)
  }, 120_000)

  it('refuses, before the extension is asked, a sender or a new receiver left below the existential deposit', async () => {
    const api = await apis.api(network)
    const ed = existentialDepositOf(api)
    expect(ed).toBeGreaterThan(0n)
    const asked = signer.requests.length
    const { transferable } = await readBalance(api, bob)
    const all = adapter.sendToken({ from: bob, to: DAVE, network, value: transferable })
    await expect(all).rejects.toBeInstanceOf(PolkadotExistentialDepositError)
    await expect(all).rejects.toMatchObject({ side: 'sender', existentialDeposit: ed })
    await expect(
      adapter.estimateSend({ from: bob, to: DAVE, network, value: transferable }),
    ).rejects.toThrow('existential deposit')
    // A fresh account given less than the deposit would be refused by the runtime too.
    const fresh = encodeSs58(new Uint8Array(32).fill(7), 2)
    await expect(
      adapter.sendToken({ from: bob, to: fresh, network, value: ed - 1n }),
    ).rejects.toMatchObject({ side: 'receiver' })
    expect(signer.requests.slice(asked)).toEqual([])
  }, 60_000)

  it('a corrupted signature is refused by the node with its reason; nothing moves', async () => {
    const api = await apis.api(network)
    const before = await readBalance(api, DAVE)
    signer.setBehaviour({ corruptSignature: true })
    try {
      const send = adapter.sendToken({ from: bob, to: DAVE, network, value: 1_000_000_000_000n })
      await expect(send).rejects.toBeInstanceOf(PolkadotTransactionError)
      await expect(send).rejects.toThrow(/1010|bad ?proof|signature/i)
    } finally {
      signer.setBehaviour(undefined)
    }
    await dot.newBlock()
    expect((await readBalance(api, DAVE)).free).toBe(before.free)
  }, 60_000)

  it("refuses another network's receiver, and a url serving another chain", async () => {
    const polkadotSpelling = encodeSs58(decodeSs58(DAVE)?.accountId as Uint8Array, 0)
    await expect(
      adapter.estimateSend({ from: alice, to: polkadotSpelling, network, value: 1n }),
    ).rejects.toBeInstanceOf(PolkadotInvalidAddressError)
    const impostor: CaipNetwork = {
      ...polkadotNetwork,
      rpcUrls: { default: { http: [], webSocket: [dot.url] } },
    }
    await expect(apis.api(impostor)).rejects.toThrow('serves another chain than Polkadot')
  }, 60_000)
})
