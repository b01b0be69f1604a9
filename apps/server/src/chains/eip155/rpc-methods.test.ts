import { describe, expect, it } from 'vitest'
import { PROXIED_METHODS } from './rpc-methods.js'

describe('the EVM proxy allow-list', () => {
  it('is the reads it always forwarded, from core, and no signing or account method', () => {
    expect([...PROXIED_METHODS]).toEqual([
      'eth_chainId',
      'net_version',
      'web3_clientVersion',
      'eth_blockNumber',
      'eth_getBalance',
      'eth_getCode',
      'eth_getStorageAt',
      'eth_getTransactionCount',
      'eth_call',
      'eth_simulateV1',
      'eth_estimateGas',
      'eth_gasPrice',
      'eth_maxPriorityFeePerGas',
      'eth_feeHistory',
      'eth_getBlockByNumber',
      'eth_getBlockByHash',
      'eth_getTransactionByHash',
      'eth_getTransactionReceipt',
      'eth_getLogs',
      'eth_sendRawTransaction',
    ])
    for (const method of ['eth_sendTransaction', 'personal_sign', 'eth_accounts', 'eth_sign'])
      expect(PROXIED_METHODS.has(method), method).toBe(false)
  })
})
