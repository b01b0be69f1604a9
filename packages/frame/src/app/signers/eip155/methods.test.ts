import { describe, expect, it } from 'vitest'
import { EIP155_METHODS } from './methods.js'

// The lists the frame kept before core declared each namespace's methods once: a change in
// core's table that would change what the embedded wallet answers shows here.
describe('the EVM methods the frame answers', () => {
  it('answers the chain, the accounts and the capabilities itself', () => {
    expect([...EIP155_METHODS.local].sort()).toEqual(
      [
        'eth_accounts',
        'eth_chainId',
        'eth_requestAccounts',
        'wallet_getCapabilities',
        // EIP-5792: the smart account's batch status, from the bundler (smartAccount/requests.ts).
        'wallet_getCallsStatus',
      ].sort(),
    )
  })

  it('reads these through the server proxy', () => {
    expect([...EIP155_METHODS.read].sort()).toEqual(
      [
        'eth_blockNumber',
        'eth_getBalance',
        'eth_call',
        'eth_estimateGas',
        'eth_gasPrice',
        'eth_maxPriorityFeePerGas',
        'eth_feeHistory',
        'eth_getBlockByNumber',
        'eth_getBlockByHash',
        'eth_getTransactionByHash',
        'eth_getTransactionReceipt',
        'eth_getTransactionCount',
        'eth_getCode',
        'eth_getLogs',
        'net_version',
      ].sort(),
    )
  })

  it('asks the user before these, and before no other', () => {
    expect([...EIP155_METHODS.signing].sort()).toEqual(
      [
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'wallet_sendCalls',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
        'eth_sendUserOperation',
      ].sort(),
    )
    // Raw-hash signing and sending an already signed transaction are never the frame's to answer.
    for (const refused of ['eth_sign', 'eth_signTransaction', 'eth_sendRawTransaction'])
      for (const list of Object.values(EIP155_METHODS)) expect(list.has(refused)).toBe(false)
  })
})
