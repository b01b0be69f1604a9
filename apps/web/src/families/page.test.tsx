import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('the page’s client with chain families enabled', () => {
  it('carries each family’s adapter and networks after EVM’s', async () => {
    vi.stubEnv('VITE_LATCH_SOLANA_RPC_URL', 'http://127.0.0.1:18001')
    vi.stubEnv('VITE_LATCH_COSMOS_RPC_URL', 'http://127.0.0.1:18004')
    vi.stubEnv('LATCH_POLKADOT_PORT', '18003')
    vi.resetModules()
    const { createPageClient } = await import('../latch')
    const { config } = createPageClient()
    const namespaces = (config.adapters ?? []).map((adapter) => adapter.namespace)
    expect(namespaces).toEqual(['eip155', 'solana', 'cosmos', 'polkadot'])
    const others = (config.networks ?? []).filter((n) => n.chainNamespace !== 'eip155')
    expect(others.map((n) => n.chainNamespace)).toEqual(['solana', 'cosmos', 'polkadot'])
    expect(others[2]?.rpcUrls.default.webSocket).toEqual(['ws://127.0.0.1:18003'])
  })
})
