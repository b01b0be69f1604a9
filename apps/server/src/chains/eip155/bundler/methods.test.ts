import { describe, expect, it } from 'vitest'
import { isBundlerMethod, paramsProblem } from './methods.js'

const op = {
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x0',
  callData: '0x',
  signature: '0x1234',
  factory: '0x2222222222222222222222222222222222222222',
  factoryData: '0xabcd',
  maxFeePerGas: '0x3b9aca00',
}
const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

describe('bundler method list', () => {
  it('holds the 4337 methods and nothing that signs, debugs or reads the node', () => {
    for (const method of [
      'eth_sendUserOperation',
      'eth_chainId',
      'pimlico_getUserOperationGasPrice',
    ])
      expect(isBundlerMethod(method)).toBe(true)
    for (const method of [
      'debug_bundler_clearState',
      'eth_sendTransaction',
      'eth_call',
      'toString',
      '__proto__',
    ])
      expect(isBundlerMethod(method)).toBe(false)
  })

  it('accepts well-formed params', () => {
    expect(paramsProblem('eth_sendUserOperation', [op, entryPoint])).toBeNull()
    expect(paramsProblem('eth_estimateUserOperationGas', [op, entryPoint, {}])).toBeNull()
    expect(paramsProblem('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`])).toBeNull()
    expect(paramsProblem('eth_supportedEntryPoints', undefined)).toBeNull()
  })

  it('names what is wrong in bad params', () => {
    expect(paramsProblem('eth_sendUserOperation', [op])).toMatch(
      /^Invalid params for eth_sendUserOperation/,
    )
    expect(paramsProblem('eth_sendUserOperation', [{ ...op, sender: '0x12' }, entryPoint])).toMatch(
      /params\.0\.sender/,
    )
    expect(paramsProblem('eth_sendUserOperation', [{ ...op, extra: 1 }, entryPoint])).not.toBeNull()
    expect(
      paramsProblem('eth_sendUserOperation', [{ ...op, nonce: '0x01' }, entryPoint]),
    ).not.toBeNull()
    expect(paramsProblem('eth_getUserOperationByHash', ['0xabc'])).toMatch(/params\.0/)
    expect(paramsProblem('eth_chainId', [1])).not.toBeNull()
  })
})
