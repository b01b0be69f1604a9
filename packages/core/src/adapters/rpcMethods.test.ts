import { describe, expect, it } from 'vitest'
import { EIP155_RPC_METHODS, rpcMethodNames, SOLANA_RPC_METHODS } from './rpcMethods.js'

describe('rpc methods', () => {
  it('never lets a signing method be forwarded to a node', () => {
    for (const table of [EIP155_RPC_METHODS, SOLANA_RPC_METHODS])
      for (const name of rpcMethodNames(table, (method) => method.signs))
        expect(table[name]?.kind).toBe('wallet')
  })

  it('lists the proxy’s reads, an already signed send among them', () => {
    const reads = rpcMethodNames(EIP155_RPC_METHODS, (method) => method.kind === 'read')
    expect(reads).toContain('eth_sendRawTransaction')
    expect(reads).not.toContain('personal_sign')
    expect(rpcMethodNames(SOLANA_RPC_METHODS, (method) => method.kind === 'read')).toContain(
      'sendTransaction',
    )
  })

  it('tells the embedded wallet’s methods apart', () => {
    const embeddedSigning = rpcMethodNames(EIP155_RPC_METHODS, (m) => m.embedded && m.signs)
    expect(embeddedSigning).toContain('eth_sendUserOperation')
    expect(embeddedSigning).not.toContain('eth_sign')
  })
})
