import { describe, expect, it } from 'vitest'
import { SIGNERS } from '../signers/index.js'
import { checkWallet, deriveWallet, KeyMismatchError, newEntropy, serverAddresses } from './keys.js'
import { combineShares, splitSecret } from './shares.js'

describe('deriveWallet', () => {
  it('derives one address per registered namespace, the same from the same entropy', () => {
    const entropy = newEntropy()
    const wallet = deriveWallet(entropy)
    expect(Object.keys(wallet.addresses)).toEqual(SIGNERS.map((s) => s.namespace))
    expect(deriveWallet(entropy).addresses).toEqual(wallet.addresses)
    expect(deriveWallet(newEntropy()).addresses).not.toEqual(wallet.addresses)
  })
})

describe('2-of-3 shares', () => {
  it('any two shares rebuild the wallet; the check accepts it', async () => {
    const entropy = newEntropy()
    const wallet = deriveWallet(entropy)
    const expected = serverAddresses(wallet)
    const shares = await splitSecret(entropy)
    for (const [a, b] of [
      [shares.device, shares.auth],
      [shares.auth, shares.recovery],
      [shares.device, shares.recovery],
    ] as const)
      expect(checkWallet(deriveWallet(await combineShares(a, b)), expected).addresses).toEqual(
        wallet.addresses,
      )
  })

  it('a share of another wallet rebuilds a different key, which the address check refuses', async () => {
    const mine = newEntropy()
    const wallet = deriveWallet(mine)
    const expected = serverAddresses(wallet)
    const shares = await splitSecret(mine)
    const other = await splitSecret(newEntropy())
    const wrong = deriveWallet(await combineShares(other.device, shares.auth))
    expect(() => checkWallet(wrong, expected)).toThrow(KeyMismatchError)
  })

  it('refuses a wallet when any one namespace differs or is missing on the server', () => {
    const wallet = deriveWallet(newEntropy())
    const other = serverAddresses(deriveWallet(newEntropy()))
    for (const signer of SIGNERS) {
      const field = signer.serverField
      expect(() =>
        checkWallet(wallet, { ...serverAddresses(wallet), [field]: other[field] }),
      ).toThrow(KeyMismatchError)
      expect(() => checkWallet(wallet, { ...serverAddresses(wallet), [field]: null })).toThrow(
        KeyMismatchError,
      )
    }
  })

  it('one share alone is not the secret', async () => {
    const entropy = newEntropy()
    const shares = await splitSecret(entropy)
    for (const share of Object.values(shares))
      expect(share).not.toContain(Buffer.from(entropy).toString('base64').slice(0, 12))
  })
})
