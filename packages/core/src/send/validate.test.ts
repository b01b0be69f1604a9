import { beforeAll, describe, expect, it } from 'vitest'
import { eip155Traits } from '../adapters/eip155/traits.js'
import { registerNamespace } from '../adapters/registry.js'
import { solanaTraits } from '../adapters/solana/traits.js'
import type { TokenBalance } from '../stores/account.js'
import { maxSendable, validateSend } from './validate.js'

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: null,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: '',
}
const lusd: TokenBalance = {
  ...eth,
  name: 'Latch USD',
  symbol: 'LUSD',
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  quantity: { decimals: '6', numeric: '100' },
}
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const draft = { token: eth, amount: '1', receiver: to, namespace: 'eip155' as const }

// The controller registers these from the app's adapters; here no controller is made.
beforeAll(() => {
  registerNamespace(eip155Traits)
  registerNamespace(solanaTraits)
})

describe('validateSend', () => {
  it("uses the reference's words for a missing token, amount or receiver", () => {
    expect(validateSend({ ...draft, token: undefined })).toMatchObject({
      ok: false,
      message: 'A token is required',
      field: 'token',
    })
    expect(validateSend({ ...draft, amount: ' ' })).toMatchObject({
      message: 'An amount and receiver address are required',
      field: 'amount',
    })
    expect(validateSend({ ...draft, receiver: '' })).toMatchObject({
      message: 'An amount and receiver address are required',
      field: 'receiver',
    })
  })

  it('refuses an ERC-20 without its contract address', () => {
    expect(validateSend({ ...draft, token: { ...lusd, address: '' } })).toMatchObject({
      message: 'An ERC-20 transfer needs the token address',
    })
  })

  it('refuses amounts that are not positive decimals or too precise for the token', () => {
    for (const amount of ['abc', '-1', '1e3', '0', '0.000', '1.2.3'])
      expect(validateSend({ ...draft, amount }), amount).toMatchObject({
        message: 'Enter an amount greater than 0',
      })
    expect(validateSend({ ...draft, token: lusd, amount: '1.0000001' })).toMatchObject({
      message: 'LUSD has at most 6 decimal places',
    })
    // Trailing zeros are not precision.
    expect(validateSend({ ...draft, token: lusd, amount: '1.5000000' }).ok).toBe(true)
  })

  it('refuses a receiver that is not an address or has a broken checksum', () => {
    expect(validateSend({ ...draft, receiver: 'vitalik' })).toMatchObject({
      message: 'Enter a valid address',
      field: 'receiver',
    })
    const broken = to.replace('C51812', 'c51812')
    expect(validateSend({ ...draft, receiver: broken }).ok).toBe(false)
    expect(validateSend({ ...draft, receiver: to.toLowerCase() }).ok).toBe(true)
  })

  it('checks Solana receivers as base58 keys, and refuses an EVM address there', () => {
    const solana = { ...draft, namespace: 'solana' as const }
    expect(
      validateSend({ ...solana, receiver: '8MpFq5WFQUJ3AdbSPRafoXwSyZ3xJTGNQDQjup7rWSwD' }).ok,
    ).toBe(true)
    for (const receiver of [to, '8MpFq5WFQUJ3AdbSPRafoXwSyZ3xJTGNQDQjup7rWSw0', 'short'])
      expect(validateSend({ ...solana, receiver })).toMatchObject({ field: 'receiver' })
  })

  it('refuses more than the balance, and native sends that leave no room for the fee', () => {
    expect(validateSend({ ...draft, amount: '1.6' })).toMatchObject({
      message: 'Insufficient funds',
    })
    expect(validateSend({ ...draft, amount: '1.5', fee: 1n })).toMatchObject({
      message: 'Not enough ETH left for the network fee',
    })
    // An ERC-20's fee is paid in the native token, not from the token's balance.
    expect(validateSend({ ...draft, token: lusd, amount: '100', fee: 10n ** 18n }).ok).toBe(true)
  })

  it('turns the amount into base units and the token into its contract', () => {
    expect(validateSend({ ...draft, token: lusd, amount: '12.5' })).toEqual({
      ok: true,
      value: 12_500_000n,
      decimals: 6,
      to,
      tokenAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    })
  })
})

describe('maxSendable', () => {
  it('leaves the fee on a native balance and sends all of a token', () => {
    expect(maxSendable(eth, 10n ** 17n)).toBe(14n * 10n ** 17n)
    expect(maxSendable(eth, 10n ** 19n)).toBe(0n)
    expect(maxSendable(lusd, 10n ** 17n)).toBe(100_000_000n)
  })
})
