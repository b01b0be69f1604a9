import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { TrustProxySetting } from '../http/trust-proxy.js'
import { requestIdGenerator } from './request-id.js'

// A real HTTP server on loopback: the peer the generator judges is the socket's own address.
async function idFor(setting: TrustProxySetting, offered: string): Promise<string> {
  const generate = requestIdGenerator(setting)
  const server = createServer((req, res) => res.end(generate(req)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as { port: number }
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'x-request-id': offered, connection: 'close' },
    })
    return await res.text()
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('requestIdGenerator', () => {
  it('believes the id only from a trusted peer, in each LATCH_TRUST_PROXY form', async () => {
    expect(await idFor(1, 'from-the-proxy')).toBe('from-the-proxy')
    expect(await idFor(['127.0.0.1'], 'from-the-proxy')).toBe('from-the-proxy')
    expect(await idFor(['10.0.0.0/8'], 'from-the-proxy')).not.toBe('from-the-proxy')
    expect(await idFor(false, 'from-the-proxy')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})
