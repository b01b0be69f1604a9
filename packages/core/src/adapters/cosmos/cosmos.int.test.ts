/**
 * The Cosmos adapter against the dev node (scripts/cosmos: CometBFT RPC model with real signature
 * checks, manual blocks): the test wallet, installed each of the three ways, connects (the dev
 * chain suggested, then enabled), reads balances, signs an ADR-036 message the server's check
 * accepts, sends STAKE (direct) and LATCH (amino, a Ledger key) that land in a mined block, follows
 * a key change, and a send to another chain's prefix is refused before the wallet is asked.
 */

import { serializeSignDoc } from '@cosmjs/amino'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type DevCosmos, startDevCosmos } from '../../../../../scripts/cosmos/index.js'
import { createMemoryStorage } from '../../storage/backend.js'
import {
  adr36SignDoc,
  attachCosmosTestWallet,
  type CosmosTestWalletWay,
  createCosmosTestSigner,
} from '../../testing/cosmosWallet.js'
import { createCosmosAdapter } from './adapter.js'
import { toPrefix } from './address.js'
import {
  CosmosInvalidAddressError,
  CosmosSimulationError,
  CosmosWalletRejectedError,
} from './errors.js'
import {
  type CosmosNetwork,
  cosmosDevNetwork,
  cosmosHubNetwork,
  withCosmosNodeUrls,
} from './networks.js'

let node: DevCosmos
let network: CosmosNetwork
const page = new EventTarget() as EventTarget & Record<string, unknown>
const WAYS: CosmosTestWalletWay[] = ['keplr', 'leap', 'cosmostation']

beforeAll(async () => {
  node = await startDevCosmos({ rpcPort: 0, restPort: 0, blocks: 'manual' })
  network = withCosmosNodeUrls(cosmosDevNetwork, { rpc: node.rpcUrl, rest: node.restUrl })
}, 60_000)
afterAll(async () => {
  await node?.stop()
})
beforeEach(() => {
  for (const key of Object.keys(page)) delete page[key]
  ;(globalThis as { window?: unknown }).window = page
})
afterEach(() => {
  delete (globalThis as { window?: unknown }).window
})

async function mine() {
  const response = await fetch(`${node.rpcUrl}/dev/mine`, { method: 'POST', body: '{}' })
  expect(response.ok).toBe(true)
}

function setUp(
  way: CosmosTestWalletWay,
  options: Parameters<typeof createCosmosTestSigner>[0] = {},
) {
  const signer = createCosmosTestSigner(options)
  const wallet = attachCosmosTestWallet(signer, { way, bridge: '__latchCosmos' })
  const storage = createMemoryStorage()
  const adapter = createCosmosAdapter({
    networks: [network, cosmosHubNetwork],
    storage,
    confirmPollMs: 20,
  })
  return { signer, wallet, storage, adapter }
}

describe.each(WAYS)('a Keplr-API wallet at %s', (way) => {
  it('connects on the dev chain (suggested first), signs ADR-036, sends STAKE that a block includes', async () => {
    const { signer, adapter } = setUp(way)
    const [connector] = adapter.getConnectors()
    expect(connector).toMatchObject({ id: `keplr:${way}`, chain: 'cosmos' })
    const result = await adapter.connect({ connectorId: connector?.id as string })
    const wallet = node.accounts.wallet.address
    expect(result).toMatchObject({ chainId: 'latchdev-1', accounts: [{ address: wallet }] })
    // The wallet lacked the dev chain: refused, suggested, then enabled.
    expect(signer.requests.slice(0, 4)).toEqual(['enable', 'suggestChain', 'enable', 'getKey'])

    // ADR-036: the signature verifies over the document the server rebuilds (sign-in.ts).
    const message = 'localhost wants you to sign in with your Cosmos account'
    const signature = JSON.parse(await adapter.signMessage({ address: wallet, message }))
    const signed = serializeSignDoc(adr36SignDoc(wallet, message))
    const pubkey = new Uint8Array(Buffer.from(signature.pub_key.value, 'base64'))
    const sig = new Uint8Array(Buffer.from(signature.signature, 'base64'))
    // sha256 of the document, low-S: what the server's check (sign-in.ts) accepts.
    expect(secp256k1.verify(sig, signed, pubkey)).toBe(true)

    const friend = node.accounts.friend.address
    const before = await adapter.getBalance({ address: friend, network })
    const estimate = await adapter.estimateSend({
      from: wallet,
      to: friend,
      network,
      value: 1_000_000n,
    })
    expect(estimate.fee).toBeGreaterThan(0n)
    expect(estimate.detail?.feeDenom).toBe('ustake')
    const hash = await adapter.sendToken({
      from: wallet,
      to: friend,
      network,
      value: 1_000_000n,
      estimate,
    })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    expect(signer.requests).toContain('signDirect')
    const included = adapter.waitForTransaction({ hash, network })
    await mine()
    await expect(included).resolves.toEqual({ status: 'success' })
    const after = await adapter.getBalance({ address: friend, network })
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(1, 6)
    adapter.destroy?.()
  }, 60_000)
})

it('a Ledger key signs amino JSON; a LATCH send lands; balances list every bank denom', async () => {
  const { signer, adapter } = setUp('keplr', { behaviour: { ledger: true } })
  await adapter.connect({ connectorId: 'keplr:keplr' })
  const wallet = node.accounts.wallet.address
  const hash = await adapter.sendToken({
    from: wallet,
    to: node.accounts.friend.address,
    network,
    value: 10_000n,
    tokenAddress: 'ulatch',
  })
  expect(signer.requests).toContain('signAmino')
  expect(signer.requests).not.toContain('signDirect')
  const included = adapter.waitForTransaction({ hash, network })
  await mine()
  await expect(included).resolves.toEqual({ status: 'success' })
  const balances = await adapter.getBalances({ address: wallet, network })
  expect(balances.map((b) => b.symbol)).toEqual(['STAKE', 'LATCH'])
})

it('a send over the balance: refused by the simulation; signed anyway, it fails in its block', async () => {
  const { adapter } = setUp('keplr')
  await adapter.connect({ connectorId: 'keplr:keplr' })
  const send = {
    from: node.accounts.wallet.address,
    to: node.accounts.friend.address,
    network,
    value: 999_000_000_000n,
    tokenAddress: 'ulatch',
  }
  const refused = await adapter.estimateSend(send).catch((e: unknown) => e)
  expect(refused).toBeInstanceOf(CosmosSimulationError)
  expect((refused as Error).message).toMatch(/insufficient funds/)
  // With a gas limit of its own (no simulation) the node includes it, failed, fee charged.
  const detail = { gasLimit: 100_000, gasPrice: 0.025, feeDenom: 'ustake' }
  const hash = await adapter.sendToken({ ...send, estimate: { fee: 2_500n, detail } })
  const included = adapter.waitForTransaction({ hash, network })
  await mine()
  await expect(included).resolves.toEqual({ status: 'reverted' })
})

it('refuses a receiver of another chain before the wallet is asked, and a rejected signature is typed', async () => {
  const { signer, adapter } = setUp('keplr')
  await adapter.connect({ connectorId: 'keplr:keplr' })
  const wallet = node.accounts.wallet.address
  // A valid account of Osmosis: the same key under its prefix.
  const osmo = toPrefix(node.accounts.friend.address, 'osmo')
  const asked = signer.requests.length
  await expect(
    adapter.sendToken({ from: wallet, to: osmo, network, value: 1n }),
  ).rejects.toBeInstanceOf(CosmosInvalidAddressError)
  expect(signer.requests.length).toBe(asked)
  signer.setBehaviour({ reject: ['signDirect'] })
  await expect(
    adapter.sendToken({ from: wallet, to: node.accounts.friend.address, network, value: 1n }),
  ).rejects.toBeInstanceOf(CosmosWalletRejectedError)
})

it('follows a key change, reconnects from storage without suggesting again, and disconnects', async () => {
  const { signer, wallet, storage, adapter } = setUp('keplr')
  await adapter.connect({ connectorId: 'keplr:keplr' })
  const changed = new Promise((resolve) => adapter.on('accountChanged', resolve))
  signer.useAccount(1)
  wallet.emitKeystoreChange()
  await expect(changed).resolves.toMatchObject({ address: node.accounts.friend.address })

  const again = createCosmosAdapter({ networks: [cosmosHubNetwork, network], storage })
  const asked = signer.requests.length
  const [restored] = await again.reconnect()
  expect(restored).toMatchObject({
    chainId: 'latchdev-1',
    accounts: [{ address: node.accounts.friend.address }],
  })
  expect(signer.requests.slice(asked)).toEqual(['enable (silent)', 'getKey'])
  await again.disconnect()
  expect(signer.enabled).toEqual([])
  expect(await createCosmosAdapter({ networks: [network], storage }).reconnect()).toEqual([])
})
