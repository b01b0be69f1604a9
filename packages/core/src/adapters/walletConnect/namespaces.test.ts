import { describe, expect, it } from 'vitest'
import { createDevNetwork, ethereumNetwork, solanaMainnet } from '../../networks/index.js'
import { proposalNamespaces } from './namespaces.js'

describe('proposalNamespaces', () => {
  it('asks for every configured network, grouped by namespace, with the app’s own RPCs', () => {
    const dev = createDevNetwork('http://127.0.0.1:8545')
    const result = proposalNamespaces([dev, ethereumNetwork, dev, solanaMainnet])
    expect(result.eip155?.chains).toEqual(['eip155:31337', 'eip155:1'])
    expect(result.eip155?.rpcMap['31337']).toBe('http://127.0.0.1:8545')
    expect(result.eip155?.methods).toContain('personal_sign')
    expect(result.eip155?.events).toEqual(['accountsChanged', 'chainChanged'])
    expect(result.solana?.chains).toEqual([solanaMainnet.caipNetworkId])
    expect(result.solana?.methods).toEqual(['solana_signMessage', 'solana_signAndSendTransaction'])
  })

  it('asks a wallet only for what Latch sends: eip155 signing and accounts, no reads', () => {
    const result = proposalNamespaces([ethereumNetwork])
    expect(result.eip155?.methods).toEqual(
      expect.arrayContaining(['eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_sendCalls']),
    )
    expect(result.eip155?.methods).not.toContain('eth_call')
    expect(result.eip155?.methods).not.toContain('eth_sendUserOperation')
  })

  it('leaves out namespaces a wallet cannot be asked anything in', () => {
    expect(proposalNamespaces([])).toEqual({})
  })
})
