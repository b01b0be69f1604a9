import { isAddressEqual } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deployer, devContracts, mnemonicAddresses, strangerAddress } from './accounts.js'
import { TEST_MNEMONIC } from './anvil.js'

describe('dev chain accounts', () => {
  it('lists the test mnemonic accounts 0-3 in order', () => {
    mnemonicAddresses.forEach((address, addressIndex) => {
      expect(mnemonicToAccount(TEST_MNEMONIC, { addressIndex }).address).toBe(address)
    })
  })

  it('uses a deployer outside the mnemonic accounts anvil unlocks', () => {
    for (let addressIndex = 0; addressIndex < 10; addressIndex++) {
      const address = mnemonicToAccount(TEST_MNEMONIC, { addressIndex }).address
      expect(isAddressEqual(address, deployer.address)).toBe(false)
    }
  })

  it('gives every contract and stranger its own address', () => {
    const addresses = [
      ...Object.values(devContracts),
      ...[1, 2, 3, 20, 21].map(strangerAddress),
      ...mnemonicAddresses,
      deployer.address,
    ].map((a) => a.toLowerCase())
    expect(new Set(addresses).size).toBe(addresses.length)
  })
})
