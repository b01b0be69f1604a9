import { describe, expect, it } from 'vitest'
import { PolkadotInvalidAddressError } from './errors.js'
import { createPolkadotDevNetwork, polkadotNetwork } from './networks.js'
import { checkReceiver } from './transfer.js'

const dev = createPolkadotDevNetwork('ws://127.0.0.1:9944')

describe('checkReceiver', () => {
  it("takes the network's own spelling and the generic one extensions list", () => {
    expect(() =>
      checkReceiver('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F', dev),
    ).not.toThrow()
    expect(() =>
      checkReceiver('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', dev),
    ).not.toThrow()
    expect(() =>
      checkReceiver('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', polkadotNetwork),
    ).not.toThrow()
  })

  it("refuses another network's spelling of a real account, naming both prefixes", () => {
    const attempt = () => checkReceiver('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', dev)
    expect(attempt).toThrow(PolkadotInvalidAddressError)
    expect(attempt).toThrow('SS58 prefix 0, Polkadot dev chain uses 2')
  })

  it('refuses text that is no SS58 account', () => {
    expect(() => checkReceiver('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', dev)).toThrow(
      'Enter a valid Polkadot address',
    )
  })
})
