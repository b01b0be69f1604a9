import type { AddressInfo } from 'node:net'
import { createPublicClient, http, keccak256, parseEther, stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createProject,
  type ProjectView,
} from '../../apps/server/src/provider-services/projects.js'
import {
  openTestApp,
  type ProviderTestApp,
} from '../../apps/server/src/provider-services/testing.js'
import { type AnvilInstance, DEV_CHAIN_ID, startAnvil } from '../devchain/anvil.js'
import { DECLINED_CARD, type DevOnramp, SUCCESS_CARD, startDevOnramp } from './index.js'

const ORIGIN = 'http://localhost:5173'

describe('dev on-ramp sandbox with the server and the dev chain', () => {
  let anvil: AnvilInstance
  let sandbox: DevOnramp
  let t: ProviderTestApp
  let serverUrl: string
  let project: ProjectView
  beforeAll(async () => {
    anvil = await startAnvil()
    sandbox = await startDevOnramp({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID })
    const opened = await openTestApp('pglite', sandbox.env)
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    sandbox.setWebhookUrl(`${serverUrl}/v1/onramp/webhooks/moonpay`)
    project = await createProject(t.app.db, { name: 'Shop', origins: [ORIGIN] })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await sandbox?.stop()
    await anvil?.stop()
  })

  const chain = () => createPublicClient({ transport: http(anvil.rpcUrl) })
  const buyer = (n: number) =>
    `0x${keccak256(stringToHex(`onramp buyer ${n}`)).slice(-40)}` as const
  async function openSession(address: string, fiatAmount = '50') {
    const r = await fetch(`${serverUrl}/v1/onramp/sessions?projectId=${project.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        provider: 'moonpay',
        network: `eip155:${DEV_CHAIN_ID}`,
        asset: 'ETH',
        fiatCurrency: 'USD',
        fiatAmount,
        paymentMethod: 'card',
        address,
      }),
    })
    expect(r.status).toBe(200)
    return (await r.json()) as { session: { id: string }; url: string }
  }
  const pay = (url: string, card: string) =>
    fetch(new URL('/checkout', url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ q: new URL(url).search, card }).toString(),
    })
  const readSession = async (id: string) =>
    (await (
      await fetch(`${serverUrl}/v1/onramp/sessions/${id}?projectId=${project.id}`)
    ).json()) as Record<string, unknown>

  it('serves its options through the server with the seed limits for card', async () => {
    const options = await (
      await fetch(`${serverUrl}/v1/onramp/options?projectId=${project.id}`)
    ).json()
    expect(options.assets).toContainEqual({
      network: 'eip155:31337',
      symbol: 'ETH',
      name: 'Ether (Latch dev chain)',
      address: null,
      providers: ['moonpay'],
    })
    expect(options.limits).toContainEqual({
      provider: 'moonpay',
      paymentMethod: 'card',
      fiatCurrency: 'USD',
      min: '10',
      max: '7500',
      source: 'fallback',
    })
  })

  it("quotes in EUR and GBP within the provider's own limits; bank in EUR is not offered", async () => {
    const options = await (
      await fetch(`${serverUrl}/v1/onramp/options?projectId=${project.id}`)
    ).json()
    expect(options.fiatCurrencies).toEqual(['USD', 'EUR', 'GBP'])
    expect(options.limits).toContainEqual({
      provider: 'moonpay',
      paymentMethod: 'card',
      fiatCurrency: 'EUR',
      min: '20',
      max: '5000',
      source: 'provider',
    })
    // The seed's fallback limits are in USD: no bank limit in EUR, so none is served.
    expect(
      options.limits.filter((l: { fiatCurrency: string }) => l.fiatCurrency !== 'USD'),
    ).toHaveLength(2)
    const quote = (body: Record<string, string>) =>
      fetch(`${serverUrl}/v1/onramp/quote?projectId=${project.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          network: `eip155:${DEV_CHAIN_ID}`,
          asset: 'ETH',
          paymentMethod: 'card',
          ...body,
        }),
      })
    const eur = await quote({ fiatCurrency: 'EUR', fiatAmount: '100' })
    expect((await eur.json()).quotes[0]).toMatchObject({
      provider: 'moonpay',
      fiatCurrency: 'EUR',
      cryptoAmount: '0.043478',
      total: '101.6',
    })
    const gbp = await quote({ fiatCurrency: 'GBP', fiatAmount: '100' })
    expect((await gbp.json()).quotes[0]).toMatchObject({
      fiatCurrency: 'GBP',
      cryptoAmount: '0.05',
    })
    const low = await quote({ fiatCurrency: 'EUR', fiatAmount: '10' })
    expect(low.status).toBe(422)
    expect((await low.json()).error.message).toBe('By card you can buy from 20 to 5000 EUR')
    const bank = await quote({ fiatCurrency: 'EUR', fiatAmount: '100', paymentMethod: 'bank' })
    expect(bank.status).toBe(422)
    expect((await bank.json()).error.message).toBe('Paying by bank transfer in EUR is not offered')
  })

  it('checks the URL signature: an altered wallet address is refused', async () => {
    const { url } = await openSession(buyer(1))
    expect((await fetch(url)).status).toBe(200)
    const altered = url.replace(/walletAddress=0x[0-9a-fA-F]{4}/, 'walletAddress=0x0000')
    const refused = await fetch(altered)
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('signature')
    expect((await pay(altered, SUCCESS_CARD)).status).toBe(403)
  })

  it('the test card pays the ETH on the dev chain and the signed webhook completes the session', async () => {
    const address = buyer(2)
    const { session, url } = await openSession(address)
    const page = await pay(url, SUCCESS_CARD)
    expect(await page.text()).toContain('Payment complete')
    expect(await chain().getBalance({ address })).toBe(parseEther('0.02'))
    const read = await readSession(session.id)
    expect(read).toMatchObject({ status: 'completed', cryptoAmount: '0.02' })
    const receipt = await chain().getTransactionReceipt({ hash: read.txHash as `0x${string}` })
    expect(receipt.to).toBe(address)
  })

  it('the declined card moves nothing and the session fails with the reason', async () => {
    const address = buyer(3)
    const { session, url } = await openSession(address)
    expect(await (await pay(url, DECLINED_CARD)).text()).toContain('declined')
    expect(await chain().getBalance({ address })).toBe(0n)
    expect(await readSession(session.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined',
      txHash: null,
    })
  })

  it('without webhooks the server learns the outcome by polling the sandbox', async () => {
    sandbox.setWebhookUrl('')
    const address = buyer(4)
    const { session, url } = await openSession(address, '100')
    await pay(url, SUCCESS_CARD)
    expect(await readSession(session.id)).toMatchObject({
      status: 'completed',
      cryptoAmount: '0.04',
    })
    sandbox.setWebhookUrl(`${serverUrl}/v1/onramp/webhooks/moonpay`)
  })
})
