import { describe, expect, test } from 'vitest'
import { createApiClient } from './client.js'
import { ApiError } from './errors.js'
import { json, recordingFetch } from './testing.js'

const base = { baseUrl: 'http://latch.test:8787', projectId: 'p1', sdkVersion: 'test-1' }

describe('createApiClient', () => {
  test('asks for the first catalogue page of 40 by default; a missing count is the list length', async () => {
    const server = recordingFetch(() => json({ data: [{ id: 'a', name: 'A' }] }))
    const api = createApiClient({ ...base, fetch: server.fetch })
    expect(await api.getWallets()).toEqual({ data: [{ id: 'a', name: 'A' }], count: 1 })
    const params = server.calls[0]!.url.searchParams
    expect([params.get('page'), params.get('entries')]).toEqual(['1', '40'])
    expect(params.has('search')).toBe(false)
  })

  test('an answer without a list is BAD_RESPONSE, with the route in its details', async () => {
    const server = recordingFetch(() => json({ wallets: [] }))
    const api = createApiClient({ ...base, fetch: server.fetch })
    const error = await api.getWallets().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'BAD_RESPONSE',
      shortMessage: 'The Latch server sent an unexpected answer.',
      details: '/getWallets: data is not a list',
    })
  })

  test('history sends the project id but not st and sv', async () => {
    const server = recordingFetch(() => json({ data: [], next: null }))
    const api = createApiClient({ ...base, fetch: server.fetch })
    await api.getHistory({ account: '0xabc', limit: 5 })
    const url = server.calls[0]!.url
    expect(url.pathname).toBe('/v1/account/0xabc/history')
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'p1', limit: '5' })
  })

  test('sends projectId, st and sv on every call, and the wallet filters comma-joined', async () => {
    const server = recordingFetch(() =>
      json({ data: [{ id: 'metamask', name: 'MetaMask' }], count: 1 }),
    )
    const api = createApiClient({ ...base, fetch: server.fetch })
    const page = await api.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      search: ' mask ',
      badge: 'certified',
    })
    expect(page).toEqual({ data: [{ id: 'metamask', name: 'MetaMask' }], count: 1 })
    const url = server.calls[0]!.url
    expect(url.pathname).toBe('/getWallets')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      st: 'latch',
      sv: 'test-1',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      search: 'mask',
      badge_type: 'certified',
    })
  })

  test('image URLs point at the server with the sdk properties', () => {
    const api = createApiClient(base)
    expect(api.walletImageUrl('metamask')).toBe(
      'http://latch.test:8787/getWalletImage/metamask?projectId=p1&st=latch&sv=test-1',
    )
    expect(api.tokenImageUrl('US DC')).toContain('/public/getTokenImage/US%20DC?')
  })

  test.each([
    [429, {}, 'RATE_LIMITED'],
    [503, {}, 'SERVER_ERROR'],
    [500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }, 'SERVER_ERROR'],
    [
      403,
      { error: { code: 'INVALID_PROJECT_ID', message: 'Invalid project id' } },
      'INVALID_PROJECT_ID',
    ],
    [404, null, 'HTTP_404'],
  ])('HTTP %i → %s', async (status, body, code) => {
    const server = recordingFetch(() =>
      body === null ? new Response('nope', { status }) : json(body, status),
    )
    const api = createApiClient({ ...base, fetch: server.fetch })
    const error = await api.getAllowedOrigins().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code, status, category: 'API_ERROR' })
  })

  test('no answer at all is NETWORK_ERROR', async () => {
    const api = createApiClient({
      ...base,
      fetch: (async () => {
        throw new TypeError('fetch failed')
      }) as typeof fetch,
    })
    await expect(api.getRemoteConfig()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
      shortMessage: 'The Latch server is not answering.',
      details: 'GET /appkit/v1/config at http://latch.test:8787: fetch failed',
    })
  })

  test('postEvent sends JSON', async () => {
    const server = recordingFetch(() => json({ stored: true }, 202))
    const api = createApiClient({ ...base, fetch: server.fetch })
    await api.postEvent({
      eventId: 'e1',
      url: 'https://a.test/',
      domain: 'a.test',
      timestamp: 1,
      props: { type: 'track', event: 'MODAL_OPEN' },
    })
    const { url, init } = server.calls[0]!
    expect(url.pathname).toBe('/e')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toMatchObject({
      eventId: 'e1',
      props: { event: 'MODAL_OPEN' },
    })
  })
})
