import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { eip155MessageVerifier } from './verifyMessage.js'

describe('eip155MessageVerifier', () => {
  it('accepts a personal_sign signature of the account, and nothing else', async () => {
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const other = privateKeyToAccount(`0x${'22'.repeat(32)}`)
    const signature = await account.signMessage({ message: 'hi' })
    const { verifyMessage } = eip155MessageVerifier
    expect(await verifyMessage({ address: account.address, message: 'hi', signature })).toBe(true)
    expect(await verifyMessage({ address: account.address, message: 'ho', signature })).toBe(false)
    expect(await verifyMessage({ address: other.address, message: 'hi', signature })).toBe(false)
  })
})
