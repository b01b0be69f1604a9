/**
 * The Polkadot adapter over a WalletConnect `polkadot` session: the real Sign API client on both
 * ends (the dapp's and a phone wallet's) through the dev relay, the phone signing with real sr25519
 * keys (@polkadot/keyring, //Alice and //Bob of the dev phrase, through the test signer) and the
 * dev chain (chopsticks running a real runtime) checking every transfer's signature. The adapter is
 * the lazy one the web app uses, joined to the session through the sessions seam as the
 * WalletConnect connector joins it.
 */
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevPolkadot, startDevPolkadot } from '../../../../../scripts/polkadot/index.js'
import { type DevRelay, startDevRelay } from '../../../../../scripts/relay/index.js'
import { refuseFetchBeyondLoopback } from '../../../../../scripts/relay/loopbackOnly.js'
import type { CaipNetwork } from '../../networks/types.js'
import { createMemoryStorage } from '../../storage/backend.js'
import { createPolkadotTestSigner, type PolkadotTestSigner } from '../../testing/polkadotWallet.js'
import { proposalNamespaces } from '../walletConnect/namespaces.js'
import {
  createWalletConnectSessions,
  type WalletConnectSession,
} from '../walletConnect/sessions.js'
import { createChainApis } from './api.js'
import { PolkadotTransactionError, PolkadotWalletRejectedError } from './errors.js'
import { createLazyPolkadotAdapter } from './lazy.js'
import { createPolkadotDevNetwork } from './networks.js'
import { readBalance } from './read.js'
import type { TransactionStage } from './transfer.js'
import { verifyPolkadotMessage } from './verifyMessage.js'

const PROJECT_ID = 'latch-polkadot-walletconnect-test'
const DAVE = 'DfnTB4z7eUvYRqcGtTpFsLC69o6tvBSC1pEv8vWPZFtCkaK'
const root = fileURLToPath(new URL('../../../../..', import.meta.url))
const metadata = (name: string) => ({ name, description: name, url: 'http://localhost', icons: [] })
const utf8Hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

let dot: DevPolkadot
let network: CaipNetwork
let chain: string
let relay: DevRelay
let guard: ReturnType<typeof refuseFetchBeyondLoopback>
let dapp: InstanceType<typeof SignClient>
let phone: InstanceType<typeof SignClient>
let keys: PolkadotTestSigner
let alice = ''
let bob = ''
let proposed: Record<string, { chains?: string[]; methods: string[]; events?: string[] }> = {}
let topic = ''
const apis = createChainApis()
/** What the page asked the phone, as it arrived. */
const asked: Array<{ method: string; params: Record<string, unknown>; chainId: string }> = []

/** The phone: its keys answer as a polkadot-js based wallet does (hex read as bytes, else UTF-8). */
async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
  const call =
    method === 'polkadot_signMessage'
      ? {
          method: 'signRaw',
          params: {
            address: params.address,
            data: /^0x[0-9a-f]*$/i.test(String(params.message))
              ? params.message
              : utf8Hex(String(params.message)),
            type: 'bytes',
          },
        }
      : method === 'polkadot_signTransaction'
        ? { method: 'signPayload', params: params.transactionPayload }
        : undefined
  if (!call) throw { code: -32601, message: `Method not found: ${method}` }
  const reply = await keys.handle(call)
  if ('error' in reply) throw reply.error
  return { signature: (reply.result as { signature: string }).signature }
}

beforeAll(async () => {
  guard = refuseFetchBeyondLoopback()
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-polkadot-wc-'))
  const cached = path.join(root, 'node_modules', '.cache', 'latch', 'polkadot-seed.json')
  const snapshotFile = path.join(dir, 'seed.json')
  if (existsSync(cached)) copyFileSync(cached, snapshotFile)
  dot = await startDevPolkadot({ port: 0, snapshotFile })
  network = createPolkadotDevNetwork(dot.url)
  chain = network.caipNetworkId
  alice = dot.accounts.alice
  bob = dot.accounts.bob
  keys = await createPolkadotTestSigner({ chainUrl: dot.url })
  await keys.handle({ method: 'enable' })

  relay = await startDevRelay({ projectId: PROJECT_ID })
  const options = { projectId: PROJECT_ID, relayUrl: relay.url, telemetryEnabled: false }
  dapp = await SignClient.init({
    ...options,
    customStoragePrefix: 'polkadot-dapp',
    metadata: metadata('Dapp'),
  })
  phone = await SignClient.init({
    ...options,
    customStoragePrefix: 'polkadot-phone',
    metadata: metadata('Phone'),
  })
  phone.on('session_proposal', async ({ id, params }) => {
    proposed = params.optionalNamespaces as typeof proposed
    const approved = await phone.approve({
      id,
      namespaces: {
        polkadot: {
          chains: [chain],
          methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: [`${chain}:${alice}`, `${chain}:${bob}`],
        },
      },
    })
    await approved.acknowledged()
  })
  phone.on('session_request', async ({ id, topic: at, params }) => {
    const { method } = params.request
    const args = (params.request.params ?? {}) as Record<string, unknown>
    asked.push({ method, params: args, chainId: params.chainId })
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      phone.respond({ topic: at, response: { id, jsonrpc: '2.0', ...body } as never })
    try {
      return respond({ result: await answer(method, args) })
    } catch (error) {
      const { code, message } = error as { code: number; message: string }
      return respond({ error: { code, message } })
    }
  })

  const { uri, approval } = await dapp.connect({
    optionalNamespaces: proposalNamespaces([network]) as never,
  })
  await phone.pair({ uri: uri as string })
  topic = (await approval()).topic
}, 300_000)

afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await phone?.core.relayer.transportClose().catch(() => undefined)
  await relay?.stop()
  await keys?.close()
  await apis.close()
  await dot?.stop()
  guard?.restore()
})

const ended: string[] = []
const sessionOf = (): WalletConnectSession => ({
  client: dapp,
  topic,
  peer: { name: 'Phone' },
  // The app's connector ends the session for every namespace; here it is only recorded, so the
  // session lives on for the next test.
  end: async () => {
    ended.push(topic)
  },
})

function setUp(storage = createMemoryStorage()) {
  const sessions = createWalletConnectSessions()
  sessions.attach(async () => sessionOf())
  const adapter = createLazyPolkadotAdapter({
    networks: [network],
    storage,
    walletConnect: sessions,
  })
  return { sessions, adapter, storage }
}

/** Resolves when the transfer is finalized, building a block once it is pooled (no block timer). */
function finalized(adapter: ReturnType<typeof setUp>['adapter'], hash: string) {
  return new Promise<TransactionStage>((resolve) => {
    adapter.watchTransaction(hash, (stage) => {
      if (stage.stage === 'ready') void dot.newBlock()
      if (stage.stage === 'finalized') resolve(stage)
    })
  })
}

describe('a polkadot WalletConnect session', () => {
  it('is what the proposal asks for when the app has Polkadot networks', () => {
    expect(proposed.polkadot?.chains).toEqual([chain])
    expect(proposed.polkadot?.methods).toEqual(['polkadot_signMessage', 'polkadot_signTransaction'])
    expect(proposed.polkadot?.events).toEqual(['chainChanged', 'accountsChanged'])
  })

  it('connects the lazy adapter through the seam; the phone signs a message and a transfer the chain finalizes', async () => {
    const { sessions, adapter } = setUp()
    const connected = new Promise((resolve) => adapter.on('connected', resolve))
    await expect(sessions.approved(sessionOf())).resolves.toEqual({
      connected: ['polkadot'],
      errors: [],
    })
    await expect(connected).resolves.toMatchObject({
      connectorId: 'walletConnect',
      chainId: network.id,
      accounts: [{ address: alice }, { address: bob }],
    })

    const message = 'localhost wants you to sign in with your Polkadot account'
    const signature = await adapter.signMessage({ address: bob, message })
    expect(asked.at(-1)).toMatchObject({
      method: 'polkadot_signMessage',
      chainId: chain,
      params: { address: bob, message },
    })
    expect(await verifyPolkadotMessage({ address: bob, message, signature })).toBe(true)
    expect(await verifyPolkadotMessage({ address: alice, message, signature })).toBe(false)
    // A text that reads as hex goes as the hex of its bytes: the bytes signed stay the text's.
    const hexish = '0xdeadbeef'
    const second = await adapter.signMessage({ address: bob, message: hexish })
    expect(asked.at(-1)?.params.message).toBe(utf8Hex(hexish))
    expect(await verifyPolkadotMessage({ address: bob, message: hexish, signature: second })).toBe(
      true,
    )

    const api = await apis.api(network)
    const value = 1_000_000_000_000n
    const before = { alice: await readBalance(api, alice), dave: await readBalance(api, DAVE) }
    const estimate = await adapter.estimateSend({ from: alice, to: DAVE, network, value })
    const hash = await adapter.sendToken({ from: alice, to: DAVE, network, value, estimate })
    const sent = asked.at(-1)
    expect(sent).toMatchObject({ method: 'polkadot_signTransaction', chainId: chain })
    expect(sent?.params).toMatchObject({
      address: alice,
      transactionPayload: { address: alice, genesisHash: expect.stringMatching(/^0x/) },
    })
    expect(await finalized(adapter, hash)).toMatchObject({ status: 'success' })
    const after = { alice: await readBalance(api, alice), dave: await readBalance(api, DAVE) }
    expect(after.dave.free - before.dave.free).toBe(value)
    expect(before.alice.free - after.alice.free).toBe(value + estimate.fee)
    adapter.destroy?.()
  }, 120_000)

  it('a corrupted signature is refused by the chain, and a refusal on the phone is a rejection', async () => {
    const { sessions, adapter } = setUp()
    await sessions.approved(sessionOf())
    const send = { from: bob, to: DAVE, network, value: 1_000_000_000_000n }
    keys.setBehaviour({ corruptSignature: true })
    try {
      await expect(adapter.sendToken(send)).rejects.toBeInstanceOf(PolkadotTransactionError)
    } finally {
      keys.setBehaviour(undefined)
    }
    keys.setBehaviour({ reject: true })
    try {
      await expect(adapter.sendToken(send)).rejects.toBeInstanceOf(PolkadotWalletRejectedError)
      await expect(adapter.signMessage({ address: bob, message: 'no' })).rejects.toBeInstanceOf(
        PolkadotWalletRejectedError,
      )
    } finally {
      keys.setBehaviour(undefined)
    }
    adapter.destroy?.()
  }, 120_000)

  it('refuses an account the session does not hold', async () => {
    const { sessions, adapter } = setUp()
    await sessions.approved(sessionOf())
    const before = asked.length
    await expect(adapter.signMessage({ address: DAVE, message: 'x' })).rejects.toThrow()
    expect(asked.length).toBe(before)
    adapter.destroy?.()
  })

  it('reconnects after a reload without asking the phone, and disconnecting ends the session', async () => {
    const storage = createMemoryStorage()
    const first = setUp(storage)
    await first.sessions.approved(sessionOf())
    first.adapter.destroy?.()

    const reload = setUp(storage)
    const before = asked.length
    const [restored] = await reload.adapter.reconnect()
    expect(restored).toMatchObject({
      connectorId: 'walletConnect',
      accounts: [{ address: alice }, { address: bob }],
    })
    expect(asked.length).toBe(before)
    const signature = await reload.adapter.signMessage({ address: alice, message: 'back' })
    expect(await verifyPolkadotMessage({ address: alice, message: 'back', signature })).toBe(true)

    await reload.adapter.disconnect()
    expect(ended).toContain(topic)
    expect(await setUp(storage).adapter.reconnect()).toEqual([])
    reload.adapter.destroy?.()
  }, 60_000)

  it('drops the connection when the phone ends the session', async () => {
    const { sessions, adapter } = setUp()
    await sessions.approved(sessionOf())
    const dropped = new Promise((resolve) => adapter.on('disconnect', resolve))
    await phone.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    await expect(dropped).resolves.toEqual({ connectorId: 'walletConnect' })
    await expect(adapter.signMessage({ address: alice, message: 'x' })).rejects.toThrow()
    adapter.destroy?.()
  })

  it('keeps nothing from leaving loopback', () => {
    for (const url of guard.refused)
      expect(url).toMatch(/^https:\/\/verify\.walletconnect\.(org|com)\//)
  })
})
