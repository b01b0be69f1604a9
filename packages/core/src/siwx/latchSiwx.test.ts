import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eip155Traits } from '../adapters/eip155/traits.js'
import { registerNamespace } from '../adapters/registry.js'
import { solanaTraits } from '../adapters/solana/traits.js'
import { createMemoryStorage } from '../storage/backend.js'
import { createLatchStorage } from '../storage/storage.js'
import { createLatchSiwx } from './latchSiwx.js'

const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_KEY = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// The controller registers these from the app's adapters; here no controller is made.
beforeAll(() => {
  registerNamespace(eip155Traits)
  registerNamespace(solanaTraits)
})

/** A server that hands out one nonce and answers a session check with `session`. */
function serverAnswering(session?: { address: string; chainId: string }) {
  const fetch = vi.fn(async (url: URL) => {
    const body = url.pathname.endsWith('/siwx/v1/nonce')
      ? { nonce: 'abcdef123456' }
      : { session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z', ...session } }
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  vi.stubGlobal('location', { host: 'localhost:5173', origin: 'http://localhost:5173' })
  return fetch
}

const siwxWith = (storage = createLatchStorage(createMemoryStorage())) =>
  createLatchSiwx({
    serverUrl: 'http://localhost:8787',
    projectId: 'p',
    statement: 'Sign in to the demo.',
    storage,
  })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createLatchSiwx', () => {
  it('writes a Solana account a CAIP-122 message with its chain reference, not chainId NaN', async () => {
    serverAnswering()
    const message = await siwxWith().createMessage({ chainId: SOLANA_CHAIN, address: SOLANA_KEY })
    expect(message.split('\n').slice(0, 2)).toEqual([
      'localhost:5173 wants you to sign in with your Solana account:',
      SOLANA_KEY,
    ])
    expect(message).toContain('Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(message).not.toContain('NaN')
  })

  it('writes an EVM account an EIP-4361 message, as before', async () => {
    serverAnswering()
    const message = await siwxWith().createMessage({ chainId: 'eip155:1', address: EVM_ADDRESS })
    expect(message.split('\n')[0]).toBe(
      'localhost:5173 wants you to sign in with your Ethereum account:',
    )
    expect(message).toContain('Chain ID: 1')
  })

  it('keeps a Solana key’s case when matching a session, and lower-cases only EVM addresses', async () => {
    const storage = createLatchStorage(createMemoryStorage())
    storage.set('siwxTokens', {
      [`${SOLANA_CHAIN}:${SOLANA_KEY}`]: 'solana-token',
      [`eip155:1:${EVM_ADDRESS.toLowerCase()}`]: 'evm-token',
    })
    // The server keeps the key as signed: a lower-cased key is another account.
    serverAnswering({ address: SOLANA_KEY.toLowerCase(), chainId: SOLANA_CHAIN })
    expect(await siwxWith(storage).getSessions(SOLANA_CHAIN, SOLANA_KEY)).toEqual([])
    serverAnswering({ address: SOLANA_KEY, chainId: SOLANA_CHAIN })
    expect(await siwxWith(storage).getSessions(SOLANA_CHAIN, SOLANA_KEY)).toHaveLength(1)
    serverAnswering({ address: EVM_ADDRESS.toLowerCase(), chainId: 'eip155:1' })
    expect(await siwxWith(storage).getSessions('eip155:1', EVM_ADDRESS)).toHaveLength(1)
  })
})
