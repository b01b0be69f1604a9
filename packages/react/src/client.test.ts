import { describe, expect, it } from 'vitest'
import { createLatchClient, SIWX_AND_SIWE_MESSAGE } from './client.js'

const siwx = {
  createMessage: async () => 'message',
  addSession: async () => ({ chainId: 'eip155:1', address: '0x1', message: '', signature: '' }),
  getSessions: async () => [],
  revokeSession: async () => {},
}

describe('createLatchClient', () => {
  it('refuses siweConfig and siwx together, with the reference’s rule', () => {
    const config = { projectId: 'p', serverUrl: 'http://127.0.0.1:9', providerServices: false }
    expect(() => createLatchClient({ ...config, siwx, siweConfig: {} })).toThrow(
      SIWX_AND_SIWE_MESSAGE,
    )
    expect(createLatchClient({ ...config, siwx }).config.siwx).toBe(siwx)
  })
})
