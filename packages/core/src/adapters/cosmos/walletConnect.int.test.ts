/**
 * The Cosmos adapter over a WalletConnect `cosmos` session: the real Sign API client on both ends
 * (the dapp's and a phone wallet's) through the dev relay, the phone signing with real keys
 * (cosmjs's HD wallets from the test mnemonic) and the dev Cosmos node checking every broadcast
 * transaction's signature over the real sign bytes. The adapter is the lazy one the web app uses,
 * joined to the session through the sessions seam as the WalletConnect connector joins it.
 */
import { makeCosmoshubPath, Secp256k1HdWallet, type StdSignDoc } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { SignClient } from '@walletconnect/sign-client'
import { TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevCosmos, startDevCosmos } from '../../../../../scripts/cosmos/index.js'
import { DEV_COSMOS_MNEMONIC } from '../../../../../scripts/cosmos/keys.js'
import { type DevRelay, startDevRelay } from '../../../../../scripts/relay/index.js'
import { refuseFetchBeyondLoopback } from '../../../../../scripts/relay/loopbackOnly.js'
import { createMemoryStorage } from '../../storage/backend.js'
import { proposalNamespaces } from '../walletConnect/namespaces.js'
import {
  createWalletConnectSessions,
  type WalletConnectSession,
} from '../walletConnect/sessions.js'
import { CosmosBroadcastError, CosmosWalletRejectedError } from './errors.js'
import { createLazyCosmosAdapter } from './lazy.js'
import { type CosmosNetwork, cosmosDevNetwork, withCosmosNodeUrls } from './networks.js'
import { verifyCosmosMessage } from './verifyMessage.js'
import { createWalletConnectCosmosWallet } from './walletConnect.js'

const PROJECT_ID = 'latch-cosmos-walletconnect-test'
const metadata = (name: string) => ({ name, description: name, url: 'http://localhost', icons: [] })
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromB64 = (text: unknown) => new Uint8Array(Buffer.from(String(text), 'base64'))

let node: DevCosmos
let network: CosmosNetwork
let chain: string
let relay: DevRelay
let guard: ReturnType<typeof refuseFetchBeyondLoopback>
let dapp: InstanceType<typeof SignClient>
let phone: InstanceType<typeof SignClient>
let direct: DirectSecp256k1HdWallet
let amino: Secp256k1HdWallet
let wallet = ''
let friend = ''
let proposed: Record<string, { chains?: string[]; methods: string[]; events?: string[] }> = {}
let topic = ''
/** What the page asked the phone, as it arrived. */
const asked: Array<{ method: string; params: Record<string, unknown>; chainId: string }> = []
/** How the phone misbehaves on its next answers. */
const next: {
  reject?: boolean
  noDirect?: boolean
  forgeSignature?: boolean
  otherRecipient?: boolean
  otherKey?: boolean
} = {}

async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
  if (method === 'cosmos_getAccounts') {
    const accounts = await amino.getAccounts()
    // A wallet answering the friend's key for the wallet's address: the page must not take it.
    if (next.otherKey)
      return [{ ...accounts[0], pubkey: b64(accounts[1]?.pubkey ?? new Uint8Array()) }]
    return accounts.map((a) => ({ address: a.address, algo: a.algo, pubkey: b64(a.pubkey) }))
  }
  if (method === 'cosmos_signAmino') {
    const { signed, signature } = await amino.signAmino(
      String(params.signerAddress),
      params.signDoc as StdSignDoc,
    )
    return { signed, signature }
  }
  if (method === 'cosmos_signDirect') {
    if (next.noDirect) throw { code: 5101, message: 'Unsupported methods.' }
    const doc = params.signDoc as Record<string, string>
    let bodyBytes: Uint8Array = fromB64(doc.bodyBytes)
    if (next.otherRecipient) {
      // The phone signs a send to its own friend instead: a valid signature of another transfer.
      const body = TxBody.decode(bodyBytes)
      const text = Buffer.from(body.messages[0]?.value ?? []).toString('latin1')
      const swapped = text.replace(friend, wallet)
      body.messages[0] = {
        typeUrl: body.messages[0]?.typeUrl as string,
        value: new Uint8Array(Buffer.from(swapped, 'latin1')),
      }
      bodyBytes = TxBody.encode(body).finish()
    }
    const { signed, signature } = await direct.signDirect(String(params.signerAddress), {
      bodyBytes,
      authInfoBytes: fromB64(doc.authInfoBytes),
      chainId: String(doc.chainId),
      accountNumber: BigInt(String(doc.accountNumber)),
    })
    const sig = fromB64(signature.signature)
    if (next.forgeSignature) sig[10] = (sig[10] ?? 0) ^ 1
    return {
      signed: {
        chainId: signed.chainId,
        accountNumber: signed.accountNumber.toString(),
        authInfoBytes: b64(signed.authInfoBytes),
        bodyBytes: b64(signed.bodyBytes),
      },
      signature: { ...signature, signature: b64(sig) },
    }
  }
  throw { code: -32601, message: `Method not found: ${method}` }
}

beforeAll(async () => {
  guard = refuseFetchBeyondLoopback()
  node = await startDevCosmos({ rpcPort: 0, restPort: 0 })
  network = withCosmosNodeUrls(cosmosDevNetwork, { rpc: node.rpcUrl, rest: node.restUrl })
  chain = network.caipNetworkId
  const hdPaths = [makeCosmoshubPath(0), makeCosmoshubPath(1)]
  direct = await DirectSecp256k1HdWallet.fromMnemonic(DEV_COSMOS_MNEMONIC, {
    prefix: node.prefix,
    hdPaths,
  })
  amino = await Secp256k1HdWallet.fromMnemonic(DEV_COSMOS_MNEMONIC, {
    prefix: node.prefix,
    hdPaths,
  })
  ;[wallet, friend] = (await amino.getAccounts()).map((a) => a.address) as [string, string]
  relay = await startDevRelay({ projectId: PROJECT_ID })
  const options = { projectId: PROJECT_ID, relayUrl: relay.url, telemetryEnabled: false }
  dapp = await SignClient.init({
    ...options,
    customStoragePrefix: 'cosmos-dapp',
    metadata: metadata('Dapp'),
  })
  phone = await SignClient.init({
    ...options,
    customStoragePrefix: 'cosmos-phone',
    metadata: metadata('Phone'),
  })

  phone.on('session_proposal', async ({ id, params }) => {
    proposed = params.optionalNamespaces as typeof proposed
    const approved = await phone.approve({
      id,
      namespaces: {
        cosmos: {
          chains: [chain],
          methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
          events: ['chainChanged', 'accountsChanged'],
          accounts: [`${chain}:${wallet}`],
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
    if (next.reject) {
      next.reject = false
      return respond({ error: { code: 5000, message: 'User rejected.' } })
    }
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
}, 120_000)

afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await phone?.core.relayer.transportClose().catch(() => undefined)
  await relay?.stop()
  await node?.stop()
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
  const adapter = createLazyCosmosAdapter({
    networks: [network],
    storage,
    walletConnect: sessions,
    confirmPollMs: 20,
  })
  return { sessions, adapter, storage }
}

describe('a cosmos WalletConnect session', () => {
  it('is what the proposal asks for when the app has Cosmos networks', () => {
    expect(proposed.cosmos?.chains).toEqual([chain])
    expect(proposed.cosmos?.methods).toEqual([
      'cosmos_getAccounts',
      'cosmos_signDirect',
      'cosmos_signAmino',
    ])
    expect(proposed.cosmos?.events).toEqual(['chainChanged', 'accountsChanged'])
  })

  it('connects the lazy adapter through the seam, signs ADR-036 and sends direct, verified by the node', async () => {
    const { sessions, adapter } = setUp()
    const connected = new Promise((resolve) => adapter.on('connected', resolve))
    await expect(sessions.approved(sessionOf())).resolves.toEqual({
      connected: ['cosmos'],
      errors: [],
    })
    await expect(connected).resolves.toMatchObject({
      connectorId: 'walletConnect',
      chainId: 'latchdev-1',
      accounts: [{ address: wallet }],
    })
    expect(asked.at(-1)).toMatchObject({ method: 'cosmos_getAccounts', chainId: chain })

    const message = 'localhost wants you to sign in with your Cosmos account'
    const signature = await adapter.signMessage({ address: wallet, message })
    expect(asked.at(-1)?.method).toBe('cosmos_signAmino')
    expect(await verifyCosmosMessage({ address: wallet, message, signature })).toBe(true)
    expect(await verifyCosmosMessage({ address: wallet, message: `${message}!`, signature })).toBe(
      false,
    )

    const before = await adapter.getBalance({ address: friend, network })
    const send = { from: wallet, to: friend, network, value: 1_000_000n }
    const estimate = await adapter.estimateSend(send)
    const hash = await adapter.sendToken({ ...send, estimate })
    expect(asked.at(-1)).toMatchObject({
      method: 'cosmos_signDirect',
      params: { signerAddress: wallet, signDoc: { chainId: 'latchdev-1' } },
    })
    await expect(adapter.waitForTransaction({ hash, network })).resolves.toEqual({
      status: 'success',
    })
    const after = await adapter.getBalance({ address: friend, network })
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(1, 6)
    adapter.destroy?.()
  }, 60_000)

  it('signs amino when the phone turns out to lack cosmos_signDirect, and the node includes it', async () => {
    const { sessions, adapter } = setUp()
    await sessions.approved(sessionOf())
    next.noDirect = true
    const first = asked.length
    try {
      const hash = await adapter.sendToken({ from: wallet, to: friend, network, value: 7n })
      expect(asked.slice(first).map((a) => a.method)).toEqual([
        'cosmos_signDirect',
        'cosmos_signAmino',
      ])
      await expect(adapter.waitForTransaction({ hash, network })).resolves.toEqual({
        status: 'success',
      })
      // The wallet said it has no direct signing: the next send is amino without asking.
      const again = asked.length
      await adapter.sendToken({ from: wallet, to: friend, network, value: 8n })
      expect(asked.slice(again).map((a) => a.method)).toEqual(['cosmos_signAmino'])
    } finally {
      next.noDirect = false
      adapter.destroy?.()
    }
  }, 60_000)

  it('refuses a transfer the phone changed, and the node refuses a forged signature', async () => {
    const { sessions, adapter } = setUp()
    await sessions.approved(sessionOf())
    const send = { from: wallet, to: friend, network, value: 5n }
    next.otherRecipient = true
    await expect(adapter.sendToken(send)).rejects.toThrow(/different message/)
    next.otherRecipient = false
    next.forgeSignature = true
    await expect(adapter.sendToken(send)).rejects.toBeInstanceOf(CosmosBroadcastError)
    next.forgeSignature = false
    next.reject = true
    await expect(adapter.sendToken(send)).rejects.toBeInstanceOf(CosmosWalletRejectedError)
    adapter.destroy?.()
  }, 60_000)

  it('refuses a public key that does not make the approved address', async () => {
    next.otherKey = true
    try {
      const phoneWallet = createWalletConnectCosmosWallet({ client: dapp, topic })
      await expect(phoneWallet.api().getKey('latchdev-1')).rejects.toThrow(/not .*'s/)
    } finally {
      next.otherKey = false
    }
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
      accounts: [{ address: wallet }],
    })
    expect(asked.length).toBe(before)
    const signature = await reload.adapter.signMessage({ address: wallet, message: 'back' })
    expect(await verifyCosmosMessage({ address: wallet, message: 'back', signature })).toBe(true)

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
    await expect(adapter.signMessage({ address: wallet, message: 'x' })).rejects.toThrow()
    adapter.destroy?.()
  })

  it('keeps nothing from leaving loopback', () => {
    for (const url of guard.refused)
      expect(url).toMatch(/^https:\/\/verify\.walletconnect\.(org|com)\//)
  })
})
