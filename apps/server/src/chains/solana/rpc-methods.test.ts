import { describe, expect, it } from 'vitest'
import { SOLANA_PROXIED_METHODS } from './rpc.js'

describe('the Solana proxy allow-list', () => {
  it('is the reads it always forwarded, from core, and nothing that signs, airdrops or scans', () => {
    expect([...SOLANA_PROXIED_METHODS]).toEqual([
      'getLatestBlockhash',
      'getBalance',
      'getAccountInfo',
      'getMultipleAccounts',
      'getSignatureStatuses',
      'getFeeForMessage',
      'getMinimumBalanceForRentExemption',
      'getTokenAccountsByOwner',
      'getTokenAccountBalance',
      'getGenesisHash',
      'getSlot',
      'getBlockHeight',
      'getVersion',
      'isBlockhashValid',
      'simulateTransaction',
      'sendTransaction',
    ])
    for (const method of [
      'requestAirdrop',
      'getProgramAccounts',
      'getSignaturesForAddress',
      'solana_signMessage',
      'solana_signTransaction',
    ])
      expect(SOLANA_PROXIED_METHODS.has(method), method).toBe(false)
  })
})
