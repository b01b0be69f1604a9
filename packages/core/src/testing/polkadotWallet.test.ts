import { u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLazyPolkadotAdapter } from '../adapters/polkadot/lazy.js'
import { createPolkadotDevNetwork } from '../adapters/polkadot/networks.js'
import { verifyPolkadotMessage } from '../adapters/polkadot/verifyMessage.js'
import { attachPolkadotTestExtension, createPolkadotTestSigner } from './polkadotWallet.js'

// The extension and the adapter's key-free half together, without a chain: discovery, enable,
// accounts and their changes, signRaw. Sends are the integration test's (polkadot.int.test.ts).
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_DEV = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
const BOB_DEV = 'FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP'
const dev = createPolkadotDevNetwork('ws://127.0.0.1:1')

const memory = () => {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

beforeAll(() => cryptoWaitReady())
afterEach(() => {
  delete (globalThis as { window?: unknown }).window
})

async function setUp(key = 'talisman') {
  ;(globalThis as { window?: unknown }).window = {}
  const signer = await createPolkadotTestSigner()
  const extension = attachPolkadotTestExtension(signer, { bridge: '__dot', key })
  const storage = memory()
  const adapter = createLazyPolkadotAdapter({ networks: [dev], storage, appName: 'Test app' })
  return { signer, extension, adapter, storage }
}

describe('the Polkadot test extension', () => {
  it('holds the dev accounts and signs <Bytes>-wrapped messages with them', async () => {
    const signer = await createPolkadotTestSigner()
    expect(signer.all.map((a) => [a.name, a.address, a.type])).toEqual([
      ['Alice', ALICE, 'sr25519'],
      ['Bob', '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty', 'sr25519'],
    ])
    expect(await signer.handle({ method: 'accounts' })).toMatchObject({ error: { code: 4100 } })
    await signer.handle({ method: 'enable', params: { appName: 'x' } })
    const answer = (await signer.handle({
      method: 'signRaw',
      params: { address: ALICE_DEV, data: '0x68656c6c6f', type: 'bytes' },
    })) as { result: { signature: string } }
    const wrapped = u8aWrapBytes(new TextEncoder().encode('hello'))
    expect(signatureVerify(wrapped, answer.result.signature, ALICE).isValid).toBe(true)
    expect(
      await verifyPolkadotMessage({
        address: ALICE_DEV,
        message: 'hello',
        signature: answer.result.signature,
      }),
    ).toBe(true)
    expect(
      await verifyPolkadotMessage({
        address: BOB_DEV,
        message: 'hello',
        signature: answer.result.signature,
      }),
    ).toBe(false)
    expect(
      await verifyPolkadotMessage({
        address: ALICE_DEV,
        message: 'hellO',
        signature: answer.result.signature,
      }),
    ).toBe(false)
  })

  it('a signature of the bare bytes does not pass as a message signature', async () => {
    const signer = await createPolkadotTestSigner()
    await signer.handle({ method: 'enable' })
    const bare = (await signer.handle({
      method: 'signRaw',
      params: { address: ALICE, data: '0x68656c6c6f', type: 'payload' },
    })) as { result: { signature: string } }
    expect(
      await verifyPolkadotMessage({
        address: ALICE,
        message: 'hello',
        signature: bare.result.signature,
      }),
    ).toBe(false)
  })

  it('refuses to sign for an account it did not share, and plays a rejection with 4001', async () => {
    const signer = await createPolkadotTestSigner()
    await signer.handle({ method: 'enable' })
    signer.grant(['Bob'])
    expect(
      await signer.handle({
        method: 'signRaw',
        params: { address: ALICE, data: '0x00', type: 'bytes' },
      }),
    ).toMatchObject({ error: { code: -32602 } })
    signer.setBehaviour({ reject: ['signRaw'] })
    expect(
      await signer.handle({
        method: 'signRaw',
        params: { address: BOB_DEV, data: '0x00', type: 'bytes' },
      }),
    ).toMatchObject({ error: { code: 4001 } })
  })
})

describe('the lazy Polkadot adapter with the test extension', () => {
  it('lists the extension, connects with the accounts in the chain’s prefix, follows a pick and reconnects', async () => {
    const { signer, extension, adapter, storage } = await setUp()
    expect(adapter.getConnectors().map((c) => [c.id, c.name, c.type])).toEqual([
      ['polkadot:talisman', 'Talisman', 'INJECTED'],
    ])
    const result = await adapter.connect({ connectorId: 'polkadot:talisman' })
    expect(result.accounts.map((a) => a.address)).toEqual([ALICE_DEV, BOB_DEV])
    expect(result.chainId).toBe(dev.id)
    expect(adapter.getAccounts().map((a) => [a.name, a.keyType])).toEqual([
      ['Alice', 'sr25519'],
      ['Bob', 'sr25519'],
    ])

    // The visitor narrows the site to Bob in the extension: the adapter follows.
    const changed = new Promise((resolve) => adapter.on('accountChanged', resolve))
    signer.grant(['Bob'])
    extension.emit()
    expect(await changed).toMatchObject({ address: BOB_DEV, accounts: [{ address: BOB_DEV }] })

    const signature = await adapter.signMessage({ address: BOB_DEV, message: 'Sign in' })
    expect(await verifyPolkadotMessage({ address: BOB_DEV, message: 'Sign in', signature })).toBe(
      true,
    )

    // A reload: a fresh adapter restores the connection without a prompt.
    const again = createLazyPolkadotAdapter({ networks: [dev], storage })
    signer.setBehaviour({ reject: ['enable'] })
    const [restored] = await again.reconnect()
    expect(restored?.accounts.map((a) => a.address)).toEqual([BOB_DEV])

    await again.disconnect()
    expect(storage.getItem('@latch/polkadot/connection')).toBeNull()
    expect(await createLazyPolkadotAdapter({ networks: [dev], storage }).reconnect()).toEqual([])
  })

  it('a visitor who declines is a USER_REJECTED error; nothing is remembered', async () => {
    const { signer, adapter, storage } = await setUp('polkadot-js')
    signer.setBehaviour({ reject: ['enable'] })
    await expect(adapter.connect({ connectorId: 'polkadot:polkadot-js' })).rejects.toMatchObject({
      name: 'PolkadotWalletRejectedError',
      category: 'USER_REJECTED',
    })
    expect(storage.getItem('@latch/polkadot/connection')).toBeNull()
  })
})
