import { describe, expect, it } from 'vitest'
import { listen } from './http.js'

describe('the dev Cosmos node listens', () => {
  it('on loopback only: every other interface is refused before binding', async () => {
    const handle = async () => {}
    for (const host of ['0.0.0.0', '::', '192.168.1.10'])
      await expect(listen(0, handle, host)).rejects.toThrow(/loopback only/)
    const server = await listen(0, handle)
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await server.stop()
  })
})
