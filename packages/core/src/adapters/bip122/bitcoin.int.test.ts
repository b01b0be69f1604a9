/**
 * The Bitcoin adapter against the real dev node (bcoin regtest behind its Esplora REST): the test
 * wallet, registered each of the three ways, connects, reads the balance, sends 0.001 BTC to the
 * friend account, sees it pending then confirmed after a mined block; a corrupted signature is
 * refused by the node and its reason reaches the error a view shows.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type DevBitcoin,
  devBitcoinKeys,
  startDevBitcoin,
} from '../../../../../scripts/bitcoin/index.js'
import { SendTokenError } from '../../errors/actionErrors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { createMemoryStorage } from '../../storage/backend.js'
import {
  attachBitcoinTestWallet,
  type BitcoinTestWalletWay,
  createBitcoinTestSigner,
} from '../../testing/bitcoinWallet.js'
import { createBitcoinAdapter } from './adapter.js'
import { formatSats } from './balance.js'
import { BitcoinBroadcastError, BitcoinInsufficientFundsError } from './errors.js'
import { bitcoinRegtest } from './networks.js'
import type { BitcoinSendDetail } from './traits.js'

const keys = devBitcoinKeys()
const WAYS: BitcoinTestWalletWay[] = ['wallet-standard', 'sats-connect', 'unisat']
const ID: Record<BitcoinTestWalletWay, string> = {
  'wallet-standard': 'wallet-standard:Latch Bitcoin Test Wallet',
  'sats-connect': 'sats-connect:LatchTestWallet.BitcoinProvider',
  unisat: 'injected:unisat',
}

let bitcoin: DevBitcoin
let network: CaipNetwork
const page = new EventTarget() as EventTarget & Record<string, unknown>
const attached: Array<{ remove(): void }> = []

beforeAll(async () => {
  bitcoin = await startDevBitcoin({ port: 0 })
  network = { ...bitcoinRegtest, rpcUrls: { default: { http: [bitcoin.url] } } }
})
afterAll(async () => {
  await bitcoin?.stop()
})
beforeEach(() => {
  for (const key of Object.keys(page)) delete page[key]
  ;(globalThis as { window?: unknown }).window = page
})
afterEach(() => {
  for (const wallet of attached.splice(0)) wallet.remove()
  delete (globalThis as { window?: unknown }).window
})

async function mine(blocks = 1) {
  const response = await fetch(`${bitcoin.url}/regtest/mine`, {
    method: 'POST',
    body: JSON.stringify({ blocks, address: keys.faucet.address }),
  })
  expect(response.status).toBe(200)
}

function connectWith(way: BitcoinTestWalletWay) {
  const signer = createBitcoinTestSigner({ networks: ['regtest'] })
  attached.push(attachBitcoinTestWallet(signer, { way, bridge: `__btc_${way}` }))
  const adapter = createBitcoinAdapter({
    networks: [network],
    storage: createMemoryStorage(),
    confirmPollMs: 50,
    confirmTimeoutMs: 30_000,
  })
  return { signer, adapter }
}

describe.each(WAYS)('Bitcoin on the dev node, wallet found the %s way', (way) => {
  it('connects, reads the balance, sends 0.001 BTC, and sees it confirmed once mined', async () => {
    const { adapter } = connectWith(way)
    const { accounts } = await adapter.connect({ connectorId: ID[way] })
    const from = accounts[0]?.address as string
    expect(from).toBe(keys.payment.address)

    const before = await adapter.getBalance({ address: from, network })
    expect(Number(before.balance)).toBeGreaterThan(0.01)
    expect(before.symbol).toBe('BTC')

    const rates = await adapter.feeRates({ network })
    expect(rates.map((r) => r.blocks)).toEqual([1, 3, 6, 144])
    const send = { from, to: keys.friend.address, network, value: 100_000n, feeRate: 2 }
    const estimate = await adapter.estimateSend(send)
    const detail = estimate.detail as BitcoinSendDetail
    expect(detail.feeRate).toBe(2)
    // The fee is the rate times the size, the size that of a P2WPKH spend with change.
    expect(estimate.fee).toBe(BigInt(Math.ceil(detail.vsize * 2)))
    expect(detail.inputs.length).toBeGreaterThan(0)

    const txid = await adapter.sendToken({ ...send, estimate })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const pending = await adapter.getBalance({ address: from, network })
    // Spent: the amount and the fee leave while the change comes back, all unconfirmed.
    expect(pending.pending).toBe(formatSats(-(100_000n + estimate.fee)))
    const status = await (await fetch(`${bitcoin.url}/tx/${txid}/status`)).json()
    expect(status).toEqual({ confirmed: false })

    const confirmed = adapter.waitForTransaction({ hash: txid, network })
    await mine()
    await expect(confirmed).resolves.toEqual({ status: 'success' })
    const after = await adapter.getBalance({ address: from, network })
    expect(after.pending).toBeUndefined()
    const spent = Math.round((Number(before.balance) - Number(after.balance)) * 1e8)
    expect(spent).toBe(100_000 + Number(estimate.fee))
  })

  it('a corrupted signature is refused by the node, whose reason reaches the error', async () => {
    const { adapter, signer } = connectWith(way)
    const { accounts } = await adapter.connect({ connectorId: ID[way] })
    signer.setBehaviour({ corruptSignature: true })
    const attempt = adapter.sendToken({
      from: accounts[0]?.address as string,
      to: keys.friend.address,
      network,
      value: 50_000n,
      feeRate: 1,
    })
    const error = await attempt.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BitcoinBroadcastError)
    const reason = (error as BitcoinBroadcastError).reason
    // bcoin's wording for a bad witness signature (docs/bitcoin-node.md#known-gaps).
    expect(reason).toMatch(/script-verify|signature/i)
    console.info(`bitcoin.int: the node's reason for a corrupted signature: ${reason}`)
    // What the send view shows: the action's error keeps the node's text.
    expect(new SendTokenError({ cause: error }).message).toBe(
      `The node refused the transaction: ${reason}`,
    )
    // Nothing reached the mempool.
    const mempool = (await (
      await fetch(`${bitcoin.url}/address/${keys.payment.address}`)
    ).json()) as { mempool_stats: { tx_count: number } }
    expect(mempool.mempool_stats.tx_count).toBe(0)
  })
})

describe('Bitcoin sends refused before the wallet is asked', () => {
  it('more than the account holds, and the fee it would need', async () => {
    const { adapter, signer } = connectWith('sats-connect')
    const { accounts } = await adapter.connect({ connectorId: ID['sats-connect'] })
    const from = accounts[0]?.address as string
    await expect(
      adapter.sendToken({ from, to: keys.friend.address, network, value: 10n ** 15n, feeRate: 1 }),
    ).rejects.toBeInstanceOf(BitcoinInsufficientFundsError)
    await expect(
      adapter.sendToken({ from, to: keys.friend.address, network, value: 100n, feeRate: 1 }),
    ).rejects.toThrow(/too small/)
    await expect(
      adapter.sendToken({
        from,
        to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        network,
        value: 10_000n,
        feeRate: 1,
      }),
    ).rejects.toThrow(/not on Bitcoin Regtest/)
    expect(signer.requests).not.toContain('signPsbt')
  })
})
