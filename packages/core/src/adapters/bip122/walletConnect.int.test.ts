/**
 * The Bitcoin adapter over a WalletConnect `bip122` session: the real Sign API client on both
 * ends (the dapp's and a phone wallet's) through the dev relay, the wallet signing with real keys
 * (core's Bitcoin test signer: BIP-84 payment and BIP-86 ordinal accounts on regtest).
 */
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevRelay, startDevRelay } from '../../../../../scripts/relay/index.js'
import { refuseFetchBeyondLoopback } from '../../../../../scripts/relay/loopbackOnly.js'
import { createMemoryStorage } from '../../storage/backend.js'
import { createBitcoinTestSigner } from '../../testing/bitcoinWallet.js'
import { proposalNamespaces } from '../walletConnect/namespaces.js'
import { createBitcoinAdapter } from './adapter.js'
import { BitcoinWalletRejectedError } from './errors.js'
import { createLazyBitcoinAdapter } from './lazy.js'
import { bitcoinRegtest } from './networks.js'
import { networkParams } from './params.js'
import { finalizeSigned } from './send.js'
import { verifyBitcoinMessage } from './verifyMessage.js'
import { type Bip122SessionClient, createWalletConnectBitcoinWallet } from './walletConnect.js'

const PROJECT_ID = 'latch-bip122-walletconnect-test'
const CHAIN = bitcoinRegtest.caipNetworkId
const metadata = (name: string) => ({ name, description: name, url: 'http://localhost', icons: [] })

let relay: DevRelay
let guard: ReturnType<typeof refuseFetchBeyondLoopback>
let dapp: InstanceType<typeof SignClient>
let phone: InstanceType<typeof SignClient>
const signer = createBitcoinTestSigner({ networks: ['regtest'] })
const [payment, ordinal] = signer.accounts('regtest')
/** What the page asked the phone, as it arrived. */
const asked: Array<{ method: string; params: Record<string, unknown>; chainId: string }> = []
let proposed: Record<string, { chains?: string[]; methods: string[] }> = {}
let rejectNext = false
let topic = ''

beforeAll(async () => {
  guard = refuseFetchBeyondLoopback()
  relay = await startDevRelay({ projectId: PROJECT_ID })
  const options = { projectId: PROJECT_ID, relayUrl: relay.url, telemetryEnabled: false }
  dapp = await SignClient.init({
    ...options,
    customStoragePrefix: 'bip122-dapp',
    metadata: metadata('Dapp'),
  })
  phone = await SignClient.init({
    ...options,
    customStoragePrefix: 'bip122-phone',
    metadata: metadata('Phone'),
  })
  await signer.handle({ method: 'connect', params: { network: 'regtest' } })

  phone.on('session_proposal', async ({ id, params }) => {
    proposed = params.optionalNamespaces as typeof proposed
    const approved = await phone.approve({
      id,
      namespaces: {
        bip122: {
          chains: [CHAIN],
          methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'],
          events: ['bip122_addressesChanged'],
          // Ordinal first on purpose: the page must still put the payment account first.
          accounts: [ordinal, payment].map((a) => `${CHAIN}:${a?.address}`),
        },
      },
    })
    await approved.acknowledged()
  })
  phone.on('session_request', async ({ id, topic: at, params }) => {
    const { method } = params.request
    const args = params.request.params as Record<string, unknown>
    asked.push({ method, params: args, chainId: params.chainId })
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      phone.respond({ topic: at, response: { id, jsonrpc: '2.0', ...body } as never })
    if (rejectNext) {
      rejectNext = false
      return respond({ error: { code: 5000, message: 'User rejected.' } })
    }
    if (method === 'getAccountAddresses')
      return respond({
        result: signer.accounts('regtest').map((a) => ({
          address: a.address,
          publicKey: a.publicKey,
          path: a.path,
          intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
        })),
      })
    if (method === 'signMessage') {
      const answer = await signer.handle({ method, params: args })
      if ('error' in answer) return respond(answer)
      const { signature } = answer.result as { signature: string }
      // Hex, as some wallets answer: the page takes it as readily as base64.
      return respond({
        result: {
          address: args.address,
          signature: Buffer.from(signature, 'base64').toString('hex'),
        },
      })
    }
    if (method === 'signPsbt') {
      // The test signer's own shape: the account's address and the inputs to sign.
      const inputs = args.signInputs as Array<{ address: string; index: number }>
      const answer = await signer.handle({
        method,
        params: {
          psbt: args.psbt,
          address: inputs[0]?.address,
          indexes: inputs.map((i) => i.index),
        },
      })
      return respond(answer)
    }
    return respond({ error: { code: -32601, message: `Method not found: ${method}` } })
  })

  const { uri, approval } = await dapp.connect({
    optionalNamespaces: proposalNamespaces([bitcoinRegtest]) as never,
  })
  await phone.pair({ uri: uri as string })
  topic = (await approval()).topic
})

afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await phone?.core.relayer.transportClose().catch(() => undefined)
  await relay?.stop()
  guard?.restore()
})

// No cast: the real client has the shape the wallet asks for (so has a universal provider's `.client`).
const client = (): Bip122SessionClient => dapp
const walletOf = () =>
  createWalletConnectBitcoinWallet({ client: client(), topic, networks: [bitcoinRegtest] })

describe('a bip122 WalletConnect session', () => {
  it('is what the proposal asks for when the app has Bitcoin networks', () => {
    expect(proposed.bip122?.chains).toEqual([CHAIN])
    expect(proposed.bip122?.methods).toEqual(
      expect.arrayContaining(['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses']),
    )
  })

  it('connects the adapter with payment then ordinal accounts, keys and paths from the wallet', async () => {
    const adapter = createBitcoinAdapter({
      networks: [bitcoinRegtest],
      storage: createMemoryStorage(),
    })
    const result = await adapter.connectWallet(walletOf())
    expect(result.chainId).toBe(bitcoinRegtest.id)
    expect(result.accounts).toEqual([
      {
        address: payment?.address,
        type: 'payment',
        publicKey: payment?.publicKey,
        path: payment?.path,
      },
      {
        address: ordinal?.address,
        type: 'ordinal',
        publicKey: ordinal?.publicKey,
        path: ordinal?.path,
      },
    ])
    expect(asked.at(-1)).toMatchObject({
      method: 'getAccountAddresses',
      chainId: CHAIN,
      params: { account: payment?.address },
    })
    adapter.destroy?.()
  })

  it('signs a BIP-322 message through the session that verifies, for payment and ordinal', async () => {
    const adapter = createBitcoinAdapter({
      networks: [bitcoinRegtest],
      storage: createMemoryStorage(),
    })
    await adapter.connectWallet(walletOf())
    for (const account of [payment, ordinal]) {
      const address = account?.address as string
      const message = `Sign in to Latch as ${address}`
      const signature = await adapter.signMessage({ address, message })
      expect(asked.at(-1)).toEqual({
        method: 'signMessage',
        chainId: CHAIN,
        params: { account: address, address, message, protocol: 'bip322' },
      })
      expect(verifyBitcoinMessage({ address, message, signature })).toBe(true)
      // The same signature proves nothing for another text or the other account.
      expect(verifyBitcoinMessage({ address, message: `${message}!`, signature })).toBe(false)
      const other = (account === payment ? ordinal : payment)?.address as string
      expect(verifyBitcoinMessage({ address: other, message, signature })).toBe(false)
    }
    adapter.destroy?.()
  })

  it('has the phone sign a PSBT input with the payment key, unbroadcast', async () => {
    const params = networkParams(bitcoinRegtest)
    const tx = new Transaction()
    tx.addInput({
      txid: '11'.repeat(32),
      index: 0,
      witnessUtxo: {
        script: p2wpkh(Buffer.from(payment?.publicKey as string, 'hex'), params).script,
        amount: 100_000n,
      },
    })
    tx.addOutputAddress(ordinal?.address as string, 90_000n, params)
    const unsigned = tx.toPSBT()
    const wallet = walletOf()
    const [account] = await wallet.connect({ network: 'regtest', silent: false })
    const signed = await wallet.signPsbt({
      psbt: unsigned,
      account: account as NonNullable<typeof account>,
      signIndexes: [0],
      network: 'regtest',
    })
    expect(asked.at(-1)).toMatchObject({
      method: 'signPsbt',
      chainId: CHAIN,
      params: {
        account: payment?.address,
        signInputs: [{ address: payment?.address, index: 0 }],
        broadcast: false,
      },
    })
    // The adapter's own check: same transaction, every input signed and final.
    expect(finalizeSigned(unsigned, signed).txid).toMatch(/^[0-9a-f]{64}$/)
  })

  it('works the same through the lazy adapter the web app uses', async () => {
    const adapter = createLazyBitcoinAdapter({
      networks: [bitcoinRegtest],
      storage: createMemoryStorage(),
    })
    await adapter.connectWallet(walletOf())
    const address = payment?.address as string
    const signature = await adapter.signMessage({ address, message: 'lazy' })
    expect(verifyBitcoinMessage({ address, message: 'lazy', signature })).toBe(true)
    adapter.destroy?.()
  })

  it('files the phone saying no as a rejection, and refuses an address the session lacks', async () => {
    const adapter = createBitcoinAdapter({
      networks: [bitcoinRegtest],
      storage: createMemoryStorage(),
    })
    await adapter.connectWallet(walletOf())
    rejectNext = true
    await expect(
      adapter.signMessage({ address: payment?.address as string, message: 'no' }),
    ).rejects.toBeInstanceOf(BitcoinWalletRejectedError)
    // An address of the same keys on another network was never approved: nothing is sent.
    const before = asked.length
    const foreign = signer.accounts('testnet')[0]?.address as string
    await expect(adapter.signMessage({ address: foreign, message: 'x' })).rejects.toThrow()
    expect(asked.length).toBe(before)
    adapter.destroy?.()
  })

  it('drops the connection when the phone ends the session', async () => {
    const adapter = createBitcoinAdapter({
      networks: [bitcoinRegtest],
      storage: createMemoryStorage(),
    })
    await adapter.connectWallet(walletOf())
    const dropped = new Promise((resolve) => adapter.on('disconnect', resolve))
    await phone.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    await dropped
    expect(adapter.getAccounts()).toEqual([])
    adapter.destroy?.()
  })

  it('keeps nothing from leaving loopback', () => {
    for (const url of guard.refused)
      expect(url).toMatch(/^https:\/\/verify\.walletconnect\.(org|com)\//)
  })
})
