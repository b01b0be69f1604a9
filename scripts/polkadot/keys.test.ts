import { decodeAddress, encodeAddress, mnemonicValidate } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { DEV_SS58_PREFIX } from './chain.js'
import { DEV_POLKADOT_MNEMONIC, devPolkadotKeys } from './keys.js'

// Known vectors: the dev accounts as `subkey inspect //Alice` and polkadot-js print them.
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
const CHARLIE = '5FLSigC9HGRKVhB9FiEo4Y3koPsNmBmLJbpXg2mp1hXcS59Y'
const DAVE = '5DAAnrj7VHTznn2AWBemMuyBwZWs6FNFjdyVXUeYum3PTXFy'
const FERDIE = '5CiPPseXPECbkjWCa6MnjNokrgYjMqmKndv2rSnekmSK2DjL'
const ALICE_PUBLIC_KEY = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d'

describe('dev Polkadot keys', () => {
  it('derives the well-known dev accounts from the dev phrase', async () => {
    expect(mnemonicValidate(DEV_POLKADOT_MNEMONIC)).toBe(true)
    const keys = await devPolkadotKeys(42)
    expect(keys.alice.address).toBe(ALICE)
    expect(keys.bob.address).toBe(BOB)
    expect(keys.charlie.address).toBe(CHARLIE)
    expect(keys.dave.address).toBe(DAVE)
    expect(keys.faucet.address).toBe(FERDIE)
    expect(keys.alice.pair.type).toBe('sr25519')
    expect(`0x${Buffer.from(keys.alice.pair.publicKey).toString('hex')}`).toBe(ALICE_PUBLIC_KEY)
  })

  it("spells them in the dev chain's prefix by default (2, the runtime's constant)", async () => {
    expect(DEV_SS58_PREFIX).toBe(2)
    const keys = await devPolkadotKeys()
    expect(keys.alice.address).toBe('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')
    expect(keys.bob.address).toBe('FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP')
    expect(keys.dave.address).toBe('DfnTB4z7eUvYRqcGtTpFsLC69o6tvBSC1pEv8vWPZFtCkaK')
    expect(decodeAddress(keys.charlie.address)).toEqual(decodeAddress(CHARLIE))
  })

  it('writes addresses in the chain prefix it is given', async () => {
    const polkadot = await devPolkadotKeys(0)
    expect(polkadot.alice.address).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
    expect(polkadot.alice.address).toBe(encodeAddress(ALICE_PUBLIC_KEY, 0))
    // The same key under another prefix: one account, many spellings.
    expect(decodeAddress(polkadot.alice.address)).toEqual(decodeAddress(ALICE))
  })

  it('signs with sr25519 so that the signature verifies under the key and not another', async () => {
    const keys = await devPolkadotKeys()
    const message = new TextEncoder().encode('latch dev chain')
    const signature = keys.alice.pair.sign(message)
    expect(keys.alice.pair.verify(message, signature, keys.alice.pair.publicKey)).toBe(true)
    expect(keys.bob.pair.verify(message, signature, keys.bob.pair.publicKey)).toBe(false)
  })
})
