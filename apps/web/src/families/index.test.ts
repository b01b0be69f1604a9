import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

async function loadFamilies(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  vi.resetModules()
  return (await import('./index')).families
}

describe('the web app’s chain families', () => {
  it('are none without their build-time variables', async () => {
    expect(await loadFamilies({})).toEqual([])
  })

  it('are wired from their variables, in the connect view’s order, each with its own check', async () => {
    const families = await loadFamilies({
      VITE_LATCH_SOLANA_RPC_URL: 'http://127.0.0.1:18001',
      LATCH_BITCOIN_PORT: '18002',
      LATCH_COSMOS_RPC_PORT: '18004',
      LATCH_COSMOS_REST_PORT: '18005',
      VITE_LATCH_POLKADOT_RPC_URL: 'ws://127.0.0.1:18003',
    })
    const namespaces = families.map((family) => family.networks[0]?.chainNamespace)
    expect(namespaces).toEqual(['solana', 'bip122', 'cosmos', 'polkadot'])
    const cosmos = families[2]!
    expect(cosmos.networks[0]?.rpcUrls.default.http).toContain('http://127.0.0.1:18004')
    expect(families.map((family) => Boolean(family.sharesWalletConnect))).toEqual([
      false,
      true,
      true,
      true,
    ])
    expect(families[0]!.auth).toEqual({ solanaChains: [families[0]!.networks[0]!.caipNetworkId] })
    // Each family's signature check is its own namespace's.
    for (const [i, family] of families.entries())
      expect((await family.loadVerifier()).namespace).toBe(namespaces[i])
  }, 60_000)

  it('takes a url over a port, as `npm start` sets it', async () => {
    const [cosmos] = await loadFamilies({
      VITE_LATCH_COSMOS_RPC_URL: 'http://127.0.0.1:7000',
      LATCH_COSMOS_RPC_PORT: '18004',
    })
    expect(cosmos?.networks[0]?.rpcUrls.default.http).toContain('http://127.0.0.1:7000')
  })
})
