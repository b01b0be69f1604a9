import { describe, expect, it } from 'vitest'
import { bitcoinMainnet, bitcoinRegtest } from './networks.js'
import { bip122SessionAccounts, signatureToBase64 } from './walletConnect.js'

const REGTEST = bitcoinRegtest.caipNetworkId
const MAINNET = bitcoinMainnet.caipNetworkId
// BIP-173/BIP-350 test vectors and a regtest pair (P2WPKH, P2TR).
const PAYMENT = 'bcrt1q6rhpng9evdsfnn833a4f4vej0asu6dk5srld6x'
const ORDINAL = 'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg'
const MAINNET_PAYMENT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

const session = (accounts: string[]) => ({
  bip122: { accounts, methods: ['signMessage'], events: [] },
})

describe('bip122SessionAccounts', () => {
  it('takes the chain’s CAIP-10 accounts, payment before ordinal', () => {
    const accounts = bip122SessionAccounts(
      session([`${REGTEST}:${ORDINAL}`, `${REGTEST}:${PAYMENT}`]),
      REGTEST,
    )
    expect(accounts).toEqual([
      { address: PAYMENT, type: 'payment' },
      { address: ORDINAL, type: 'ordinal' },
    ])
  })

  it('leaves out other chains’ accounts, garbage and repeats a wallet may list', () => {
    const accounts = bip122SessionAccounts(
      session([
        `${MAINNET}:${MAINNET_PAYMENT}`,
        `${REGTEST}:not-an-address`,
        `${REGTEST}:${PAYMENT}`,
        `${REGTEST}:${PAYMENT}`,
        `eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8`,
      ]),
      REGTEST,
    )
    expect(accounts).toEqual([{ address: PAYMENT, type: 'payment' }])
    expect(bip122SessionAccounts({}, REGTEST)).toEqual([])
  })
})

describe('signatureToBase64', () => {
  it('turns a hex answer into base64 and leaves base64 as it is', () => {
    expect(signatureToBase64('0x0102ff')).toBe('AQL/')
    expect(signatureToBase64('0102FF')).toBe('AQL/')
    expect(signatureToBase64('AQL/')).toBe('AQL/')
  })
})
