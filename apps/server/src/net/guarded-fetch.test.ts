import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BlockedAddressError,
  FetchTimeoutError,
  guardedFetch,
  isPublicAddress,
  ResponseTooLargeError,
  TooManyRedirectsError,
  UnsupportedUrlError,
} from './guarded-fetch.js'

// The guarded fetch played by an attacker who picks the URL: internal addresses in every
// spelling, names that resolve inward, redirects inward, DNS that changes its answer, huge and
// slow answers. A recording listener on loopback shows that refused requests never arrive.

interface Fixture {
  server: Server
  port: number
  hits: string[]
}

async function listen(handler: RequestListener): Promise<Fixture> {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(request.url ?? '')
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port, hits }
}

const close = (fixture?: Fixture) =>
  new Promise<void>((resolve) => {
    if (!fixture) return resolve()
    fixture.server.closeAllConnections()
    fixture.server.close(() => resolve())
  })

describe('guardedFetch', () => {
  let victim: Fixture
  let bouncer: Fixture
  let hanging: Fixture
  let huge: Fixture

  beforeAll(async () => {
    // The internal service an attacker wants reached.
    victim = await listen((_request, response) => response.end('secret'))
    // An allowed host whose answers redirect wherever the query says.
    bouncer = await listen((request, response) => {
      const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to')
      response.writeHead(302, { location: to ?? '/' }).end()
    })
    hanging = await listen(() => {})
    huge = await listen((request, response) => {
      const chunk = Buffer.alloc(64 * 1024, 1)
      if (request.url === '/declared') response.setHeader('content-length', 4 * 1024 * 1024)
      for (let i = 0; i < 64; i++) response.write(chunk)
      response.end()
    })
  })
  afterAll(async () => {
    await Promise.all([close(victim), close(bouncer), close(hanging), close(huge)])
  })

  const blocked = async (url: string, options = {}) => {
    const error = await guardedFetch(url, { timeoutMs: 1_000, ...options }).catch((e) => e)
    expect(error, url).toBeInstanceOf(BlockedAddressError)
    expect((error as BlockedAddressError).message).toBe('This address is not allowed')
    expect((error as BlockedAddressError).statusCode).toBe(403)
  }

  it('reaches an allowed fixture (the control for every refusal below)', async () => {
    const response = await guardedFetch(`http://127.0.0.1:${victim.port}/ok`, {
      allowLoopback: [`127.0.0.1:${victim.port}`],
    })
    expect(response.status).toBe(200)
    expect(response.body.toString()).toBe('secret')
    expect(victim.hits).toEqual(['/ok'])
    victim.hits.length = 0
  })

  it('refuses loopback, private, link-local, CGNAT and other internal addresses in any spelling', async () => {
    const p = victim.port
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://0.0.0.0:${p}/`,
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[ff02::1]/',
      'http://224.0.0.1/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
      'https://[::ffff:a9fe:a9fe]/',
    ])
      await blocked(url)
    expect(victim.hits).toEqual([])
  })

  it('refuses a name that resolves to loopback, and one with any internal address among public ones', async () => {
    await blocked(`http://localhost:${victim.port}/`)
    await blocked('http://mixed.example/', {
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
    })
    expect(victim.hits).toEqual([])
  })

  it('checks each redirect target again: an allowed host cannot bounce the request inward', async () => {
    const first = `127.0.0.1:${bouncer.port}`
    const inward = `http://127.0.0.1:${victim.port}/admin`
    const bounce = (to: string) => `http://${first}/?to=${encodeURIComponent(to)}`
    // Only the first hop is allowed on loopback; the victim's port is not.
    await blocked(bounce(inward), { allowLoopback: [first] })
    await blocked(bounce(`http://localhost:${victim.port}/admin`), { allowLoopback: [first] })
    await blocked(bounce('http://169.254.169.254/latest/meta-data/'), { allowLoopback: [first] })
    expect(victim.hits).toEqual([])
    expect(bouncer.hits.length).toBe(3)
    // Control: with the victim allowed too, the same redirect is followed and arrives.
    const followed = await guardedFetch(bounce(inward), {
      allowLoopback: [first, `127.0.0.1:${victim.port}`],
    })
    expect(followed.body.toString()).toBe('secret')
    expect(followed.url).toBe(inward)
    expect(victim.hits).toEqual(['/admin'])
    victim.hits.length = 0
  })

  it('follows at most 3 redirects', async () => {
    const self = `127.0.0.1:${bouncer.port}`
    const error = await guardedFetch(`http://${self}/?to=/loop`, { allowLoopback: [self] }).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(TooManyRedirectsError)
  })

  it('connects to the address it checked: DNS answering differently afterwards changes nothing', async () => {
    const host = `rebind.invalid:${victim.port}`
    const answers = ['127.0.0.1', '10.0.0.1']
    let asked = 0
    const response = await guardedFetch(`http://${host}/pinned`, {
      allowLoopback: [host],
      // The first answer passes the check; a second lookup (by the socket) would get 10.0.0.1,
      // and the system resolver cannot resolve .invalid at all.
      resolve: async () => [{ address: answers[Math.min(asked++, 1)] as string, family: 4 }],
    })
    expect(response.body.toString()).toBe('secret')
    expect(asked).toBe(1)
    expect(victim.hits).toEqual(['/pinned'])
    victim.hits.length = 0
  })

  it('bounds the size of the answer, declared or streamed', async () => {
    const base = `127.0.0.1:${huge.port}`
    for (const path of ['/declared', '/streamed']) {
      const error = await guardedFetch(`http://${base}${path}`, {
        allowLoopback: [base],
        maxBytes: 256 * 1024,
      }).catch((e) => e)
      expect(error, path).toBeInstanceOf(ResponseTooLargeError)
    }
  })

  it('gives up on a host that never answers', async () => {
    const base = `127.0.0.1:${hanging.port}`
    const started = Date.now()
    const error = await guardedFetch(`http://${base}/`, {
      allowLoopback: [base],
      timeoutMs: 300,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(FetchTimeoutError)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('a resolver that never answers does not hold the fetch past its deadline', async () => {
    const error = await guardedFetch('http://slow-dns.example/', {
      timeoutMs: 200,
      resolve: () => new Promise(() => {}),
    }).catch((e) => e)
    expect(error).toBeInstanceOf(FetchTimeoutError)
  })

  it('fetches only http and https URLs without credentials', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://127.0.0.1:6379/_INFO',
      'data:image/png;base64,AAAA',
      'https://user:pass@example.com/',
      'not a url',
    ]) {
      const error = await guardedFetch(url).catch((e) => e)
      expect(error, url).toBeInstanceOf(UnsupportedUrlError)
    }
  })

  it('judges addresses: public unicast only, loopback only when allowed', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true)
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true)
    expect(isPublicAddress('127.0.0.1')).toBe(false)
    expect(isPublicAddress('127.0.0.1', true)).toBe(true)
    expect(isPublicAddress('10.0.0.1', true)).toBe(false)
    expect(isPublicAddress('::ffff:10.0.0.1', true)).toBe(false)
    expect(isPublicAddress('not-an-ip')).toBe(false)
  })
})
