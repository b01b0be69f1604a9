import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { verifyBitcoinMessage } from '../adapters/bip122/verifyMessage.js'
import { createBitcoinTestSigner, installBitcoinTestWallet } from './bitcoinWallet.js'

const PAYMENT = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const ORDINAL = 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv'

describe('the Bitcoin test wallet', () => {
  it('derives the dev node’s payment and ordinal accounts, with keys and paths', () => {
    const signer = createBitcoinTestSigner()
    expect(signer.accounts()).toEqual([
      expect.objectContaining({ address: PAYMENT, purpose: 'payment', path: "m/84'/1'/0'/0/0" }),
      expect.objectContaining({ address: ORDINAL, purpose: 'ordinals', path: "m/86'/1'/0'/0/0" }),
    ])
    expect(signer.accounts('mainnet')[0]?.address).toMatch(/^bc1q/)
  })

  it('plays the user: refuses with 4001, signs only once connected, only its own accounts', async () => {
    const signer = createBitcoinTestSigner({ behaviour: { reject: ['connect'] } })
    expect(await signer.handle({ method: 'connect' })).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    const early = await signer.handle({
      method: 'signMessage',
      params: { address: PAYMENT, message: 'x' },
    })
    expect(early).toMatchObject({ error: { code: 4100 } })
    signer.setBehaviour({})
    await signer.handle({ method: 'connect' })
    const foreign = await signer.handle({
      method: 'signMessage',
      params: { address: 'bcrt1qnotmine', message: 'x' },
    })
    expect(foreign).toMatchObject({ error: { code: -32602 } })
    const signed = (await signer.handle({
      method: 'signMessage',
      params: { address: ORDINAL, message: 'x', protocol: 'bip322' },
    })) as { result: { signature: string } }
    expect(
      verifyBitcoinMessage({ address: ORDINAL, message: 'x', signature: signed.result.signature }),
    ).toBe(true)
    expect(signer.requests).toEqual([
      'connect',
      'signMessage',
      'connect',
      'signMessage',
      'signMessage',
    ])
  })

  it('installs from its source alone, as Playwright’s addInitScript serialises it', async () => {
    const signer = createBitcoinTestSigner()
    const page = Object.assign(new EventTarget(), {
      __bridge: (request: { method: string; params?: unknown }) => signer.handle(request),
    }) as unknown as EventTarget & Record<string, unknown>
    // A bare context: only what a page has. A reference to anything outside the function fails.
    runInNewContext(`(${installBitcoinTestWallet.toString()})(options)`, {
      window: page,
      options: { way: 'unisat', bridge: '__bridge', path: 'okxwallet.bitcoin' },
      Event,
      EventTarget,
      btoa,
      atob,
      TextEncoder,
      TextDecoder,
    })
    const okx = (page.okxwallet as { bitcoin: { requestAccounts(): Promise<string[]> } }).bitcoin
    expect(await okx.requestAccounts()).toEqual([PAYMENT])
    for (const way of ['sats-connect', 'wallet-standard'] as const)
      runInNewContext(`(${installBitcoinTestWallet.toString()})(options)`, {
        window: page,
        options: { way, bridge: '__bridge' },
        Event,
        EventTarget,
        btoa,
        atob,
        TextEncoder,
        TextDecoder,
      })
    expect(page.btc_providers).toEqual([
      expect.objectContaining({ id: 'LatchTestWallet.BitcoinProvider' }),
    ])
  })
})
