import { createLatchStorage, createMemoryStorage } from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMessageHandler, type FrameServices } from '../../app/handler.js'
import { createEmbeddedWallet } from '../../client/wallet.js'
import { frameNotices } from '../../protocol/index.js'
import { createEmbeddedProvider } from './provider.js'

const FRAME = 'http://127.0.0.1:5174'

function setup(services: Partial<FrameServices>) {
  const wallet = createEmbeddedWallet({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    chainId: 'eip155:31337',
    version: 't',
    enableLogger: false,
    rpcUrl: 'http://localhost:8787',
    storage: createLatchStorage(createMemoryStorage()),
    warn: () => {},
    timings: { readyDelayMs: 0 },
  })
  const channel = new MessageChannel()
  const handle = createMessageHandler({
    services: services as FrameServices,
    reply: (m) => channel.port1.postMessage(m),
    warn: () => {},
  })
  channel.port1.onmessage = (e) => void handle(e.data)
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: frameNotices.ready },
      origin: FRAME,
      source: wallet.frame.iframe.contentWindow,
      ports: [channel.port2],
    }),
  )
  return createEmbeddedProvider(wallet, { chainId: 31337 })
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('createEmbeddedProvider', () => {
  it('connects through GET_USER, then forwards requests with the chain', async () => {
    const seen: unknown[] = []
    const provider = setup({
      GET_USER: async () => ({ address: '0xabc', chainId: 31337 }),
      RPC_REQUEST: async (payload) => {
        seen.push(payload)
        return { result: '0xsig' }
      },
    })
    await expect(provider.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({
      code: 4100,
    })
    const changed = vi.fn()
    provider.on('accountsChanged', changed)
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual(['0xabc'])
    expect(changed).toHaveBeenCalledWith(['0xabc'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'personal_sign', params: ['0x01', '0xabc'] })).toBe(
      '0xsig',
    )
    expect(seen).toEqual([
      { method: 'personal_sign', params: ['0x01', '0xabc'], chainId: 'eip155:31337' },
    ])
  })

  it('switches chain through the frame and emits chainChanged', async () => {
    const provider = setup({ SWITCH_NETWORK: async ({ chainId }) => ({ chainId }) })
    const changed = vi.fn()
    provider.on('chainChanged', changed)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    expect(changed).toHaveBeenCalledWith('0x1')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
  })
})
