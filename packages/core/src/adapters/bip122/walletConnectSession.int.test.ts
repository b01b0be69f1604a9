/**
 * The Bitcoin adapter on the page's shared WalletConnect sessions: what a wallet approves in
 * bip122 through another namespace's pairing connects it, a reload restores it, the end of the
 * session drops it. The real Sign API client on both ends through the dev relay; the phone signs
 * with core's Bitcoin test signer.
 */
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevRelay, startDevRelay } from '../../../../../scripts/relay/index.js'
import { refuseFetchBeyondLoopback } from '../../../../../scripts/relay/loopbackOnly.js'
import { ConnectorChainsUnsupportedError } from '../../errors/errors.js'
import { createMemoryStorage } from '../../storage/backend.js'
import { createBitcoinTestSigner } from '../../testing/bitcoinWallet.js'
import type { ConnectResult } from '../types.js'
import { proposalNamespaces } from '../walletConnect/namespaces.js'
import {
  createWalletConnectSessions,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectSession,
} from '../walletConnect/sessions.js'
import { BITCOIN_CONNECTION_KEY } from './connection.js'
import { createLazyBitcoinAdapter } from './lazy.js'
import { bitcoinMainnet, bitcoinRegtest } from './networks.js'
import { verifyBitcoinMessage } from './verifyMessage.js'

const PROJECT_ID = 'latch-bip122-sessions-test'
const REGTEST = bitcoinRegtest.caipNetworkId
const metadata = (name: string) => ({ name, description: name, url: 'http://localhost', icons: [] })

let relay: DevRelay
let guard: ReturnType<typeof refuseFetchBeyondLoopback>
let dapp: InstanceType<typeof SignClient>
let phone: InstanceType<typeof SignClient>
const signer = createBitcoinTestSigner({ networks: ['regtest'] })
const [payment, ordinal] = signer.accounts('regtest')
/** The accounts the phone approves next, as CAIP-10 strings. */
let approving: string[] = []

beforeAll(async () => {
  guard = refuseFetchBeyondLoopback()
  relay = await startDevRelay({ projectId: PROJECT_ID })
  const options = { projectId: PROJECT_ID, relayUrl: relay.url, telemetryEnabled: false }
  dapp = await SignClient.init({
    ...options,
    customStoragePrefix: 's-dapp',
    metadata: metadata('Dapp'),
  })
  phone = await SignClient.init({
    ...options,
    customStoragePrefix: 's-phone',
    metadata: metadata('Phone Wallet'),
  })
  await signer.handle({ method: 'connect', params: { network: 'regtest' } })
  phone.on('session_proposal', async ({ id }) => {
    const chains = [...new Set(approving.map((a) => a.slice(0, a.lastIndexOf(':'))))]
    const approved = await phone.approve({
      id,
      namespaces: {
        bip122: {
          chains,
          methods: ['signMessage', 'signPsbt', 'getAccountAddresses'],
          events: [],
          accounts: approving,
        },
      },
    })
    await approved.acknowledged()
  })
  phone.on('session_request', async ({ id, topic, params }) => {
    const { method } = params.request
    const args = params.request.params as Record<string, unknown>
    const answer =
      method === 'signMessage'
        ? await signer.handle({ method, params: args })
        : { error: { code: -32601, message: `Method not found: ${method}` } }
    await phone.respond({ topic, response: { id, jsonrpc: '2.0', ...answer } as never })
  })
})

afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await phone?.core.relayer.transportClose().catch(() => undefined)
  await relay?.stop()
  guard?.restore()
})

/** Pairs the two ends; the session as the page's connector hands it to the other namespaces. */
async function pair(accounts: string[]) {
  approving = accounts
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: proposalNamespaces([bitcoinRegtest]) as never,
  })
  await phone.pair({ uri: uri as string })
  const { topic } = await approval()
  const ends: string[] = []
  const session: WalletConnectSession = {
    client: dapp,
    topic,
    peer: { name: 'Phone Wallet' },
    end: async () => {
      ends.push(topic)
    },
  }
  return { session, ends }
}

function bitcoinOn(sessions = createWalletConnectSessions(), storage = createMemoryStorage()) {
  const adapter = createLazyBitcoinAdapter({
    networks: [bitcoinRegtest],
    storage,
    walletConnect: sessions,
  })
  const connected: ConnectResult[] = []
  const dropped: string[] = []
  adapter.on('connected', (result) => connected.push(result))
  adapter.on('disconnect', ({ connectorId }) => dropped.push(connectorId))
  return { adapter, sessions, storage, connected, dropped }
}

const both = () => [ordinal, payment].map((a) => `${REGTEST}:${a?.address}`)

describe('the Bitcoin adapter on a shared WalletConnect session', () => {
  it('connects what the wallet approved in bip122, under the connector’s id, payment first', async () => {
    const { session } = await pair(both())
    const { adapter, sessions, storage, connected } = bitcoinOn()
    const outcome = await sessions.approved(session)
    expect(outcome.connected).toEqual(['bip122'])
    expect(connected).toEqual([
      expect.objectContaining({
        connectorId: WALLET_CONNECT_CONNECTOR_ID,
        chainId: bitcoinRegtest.id,
        accounts: [
          expect.objectContaining({ address: payment?.address, type: 'payment' }),
          expect.objectContaining({ address: ordinal?.address, type: 'ordinal' }),
        ],
      }),
    ])
    expect(storage.getItem(BITCOIN_CONNECTION_KEY)).toBe(WALLET_CONNECT_CONNECTOR_ID)
    const address = payment?.address as string
    const signature = await adapter.signMessage({ address, message: 'shared' })
    expect(verifyBitcoinMessage({ address, message: 'shared', signature })).toBe(true)
    adapter.destroy?.()
  })

  it('restores the session after a reload, and answers a connect by name with it', async () => {
    const { session } = await pair(both())
    const storage = createMemoryStorage()
    storage.setItem(BITCOIN_CONNECTION_KEY, WALLET_CONNECT_CONNECTOR_ID)
    const sessions = createWalletConnectSessions()
    sessions.attach(async () => session)
    const { adapter } = bitcoinOn(sessions, storage)
    const [restored] = await adapter.reconnect()
    expect(restored?.accounts[0]?.address).toBe(payment?.address)
    const again = await adapter.connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
    expect(again).toEqual(restored)
    adapter.destroy?.()
  })

  it('forgets a stored session the connector no longer has', async () => {
    const storage = createMemoryStorage()
    storage.setItem(BITCOIN_CONNECTION_KEY, WALLET_CONNECT_CONNECTOR_ID)
    const sessions = createWalletConnectSessions()
    sessions.attach(async () => undefined)
    const { adapter } = bitcoinOn(sessions, storage)
    expect(await adapter.reconnect()).toEqual([])
    expect(storage.getItem(BITCOIN_CONNECTION_KEY)).toBeNull()
    await expect(adapter.connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })).rejects.toThrow()
    adapter.destroy?.()
  })

  it('drops the connection when its session ends, not when another one does', async () => {
    const { session } = await pair(both())
    const { adapter, sessions, dropped } = bitcoinOn()
    await sessions.approved(session)
    sessions.ended('some-other-topic')
    expect(dropped).toEqual([])
    sessions.ended(session.topic)
    expect(dropped).toEqual([WALLET_CONNECT_CONNECTOR_ID])
    expect(adapter.getAccounts()).toEqual([])
    adapter.destroy?.()
  })

  it('ends the whole session through the connector when Bitcoin disconnects', async () => {
    const { session, ends } = await pair(both())
    const { adapter, sessions } = bitcoinOn()
    await sessions.approved(session)
    await adapter.disconnect({ connectorId: 'wallet-standard:Someone else' })
    expect(ends).toEqual([])
    await adapter.disconnect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
    expect(ends).toEqual([session.topic])
    adapter.destroy?.()
  })

  it('refuses a wallet whose Bitcoin accounts are on a chain the app does not use', async () => {
    // A mainnet account approved to a regtest-only app: nothing connects, and the adapter says why.
    const mainnetAddress = createBitcoinTestSigner({ networks: ['mainnet'] }).accounts('mainnet')[0]
    const { session } = await pair([`${bitcoinMainnet.caipNetworkId}:${mainnetAddress?.address}`])
    const { adapter, sessions, connected } = bitcoinOn()
    const outcome = await sessions.approved(session)
    expect(outcome.connected).toEqual([])
    expect(outcome.errors[0]).toBeInstanceOf(ConnectorChainsUnsupportedError)
    expect(connected).toEqual([])
    adapter.destroy?.()
  })

  it('keeps nothing from leaving loopback', () => {
    for (const url of guard.refused)
      expect(url).toMatch(/^https:\/\/verify\.walletconnect\.(org|com)\//)
  })
})
