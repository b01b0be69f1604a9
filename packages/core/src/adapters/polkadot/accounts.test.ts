import { describe, expect, it } from 'vitest'
import { accountsOn, keepActiveFirst } from './accounts.js'
import { createPolkadotDevNetwork, kusamaNetwork, polkadotNetwork } from './networks.js'

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
const dev = createPolkadotDevNetwork('ws://127.0.0.1:9944')

describe('accountsOn', () => {
  it("spells each account in the network's prefix, with its name, key type and account id", () => {
    const [alice] = accountsOn(
      [{ address: ALICE, name: 'Alice', type: 'sr25519' }],
      polkadotNetwork,
    )
    expect(alice).toEqual({
      address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
      name: 'Alice',
      keyType: 'sr25519',
      publicKey: '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
    })
    expect(accountsOn([{ address: ALICE }], dev)[0]?.address).toBe(
      'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
    )
  })

  it("leaves out Ethereum-type accounts, another chain's accounts, non-SS58 text and repeats", () => {
    const listed = accountsOn(
      [
        { address: ALICE, type: 'sr25519', genesisHash: null },
        { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'ethereum' },
        { address: BOB, genesisHash: kusamaNetwork.caipNetworkId.replace('polkadot:', '0x') },
        { address: 'not an address' },
        { address: ALICE, name: 'Alice again' },
      ],
      polkadotNetwork,
    )
    expect(listed.map((a) => a.publicKey.slice(0, 10))).toEqual(['0xd43593c7'])
  })

  it("keeps an account kept for this chain (genesisHash is the network's)", () => {
    const genesis = `0x${'45'.repeat(32)}`
    expect(accountsOn([{ address: BOB, genesisHash: genesis }], dev)).toHaveLength(1)
    expect(accountsOn([{ address: BOB, genesisHash: genesis }], polkadotNetwork)).toHaveLength(0)
  })
})

describe('keepActiveFirst', () => {
  it('keeps the active account first across a list change; the list order otherwise', () => {
    const [a, b] = accountsOn([{ address: ALICE }, { address: BOB }], dev) as [never, never]
    expect(keepActiveFirst([a, b], (b as { address: string }).address)).toEqual([b, a])
    expect(keepActiveFirst([a, b], 'gone')).toEqual([a, b])
  })
})
