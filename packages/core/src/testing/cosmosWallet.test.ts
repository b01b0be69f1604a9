import { serializeSignDoc } from '@cosmjs/amino'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCosmosAdapter } from '../adapters/cosmos/adapter.js'
import { cosmosDevNetwork, cosmosHubNetwork } from '../adapters/cosmos/networks.js'
import { createMemoryStorage } from '../storage/backend.js'
import { adr36SignDoc, attachCosmosTestWallet, createCosmosTestSigner } from './cosmosWallet.js'

// The dev node's accounts (docs/cosmos-node.md): the test mnemonic on the Hub's path.
const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const FRIEND = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z'

beforeEach(() => {
  ;(globalThis as { window?: unknown }).window = new EventTarget()
})
afterEach(() => {
  delete (globalThis as { window?: unknown }).window
})

const b64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

describe('the Cosmos test wallet', () => {
  it('holds the dev node’s accounts, and the dev chain only once suggested', async () => {
    const signer = createCosmosTestSigner()
    expect(await signer.address('cosmoshub-4')).toBe(WALLET)
    expect(await signer.address('osmosis-1')).toMatch(/^osmo1/)
    expect(signer.chains).not.toContain('latchdev-1')
    await expect(signer.address('latchdev-1')).rejects.toThrow(/no chain info/)
    signer.useAccount(1)
    expect(await signer.address('cosmoshub-4')).toBe(FRIEND)
  })

  it('signs ADR-036 documents that verify under the key it shares, and none for a page it did not enable', async () => {
    const signer = createCosmosTestSigner()
    const refused = await signer.handle({
      method: 'signArbitrary',
      params: { chainId: 'cosmoshub-4', signer: WALLET, data: 'hi' },
    })
    expect(refused).toEqual({ error: expect.objectContaining({ code: 4100 }) })
    await signer.handle({ method: 'enable', params: { chainIds: ['cosmoshub-4'] } })
    const answer = await signer.handle({
      method: 'signArbitrary',
      params: { chainId: 'cosmoshub-4', signer: WALLET, data: 'hello' },
    })
    const { pub_key, signature } = (
      answer as { result: { pub_key: { value: string }; signature: string } }
    ).result
    const bytes = serializeSignDoc(adr36SignDoc(WALLET, 'hello'))
    expect(secp256k1.verify(b64(signature), bytes, b64(pub_key.value))).toBe(true)
    // Not over another text.
    const other = serializeSignDoc(adr36SignDoc(WALLET, 'hellO'))
    expect(secp256k1.verify(b64(signature), other, b64(pub_key.value))).toBe(false)
    // Nor for an account it does not hold.
    const foreign = await signer.handle({
      method: 'signArbitrary',
      params: { chainId: 'cosmoshub-4', signer: FRIEND, data: 'hello' },
    })
    expect(foreign).toEqual({ error: expect.objectContaining({ code: -32602 }) })
  })

  it('plays the user: a listed method is rejected with 4001, which the adapter types', async () => {
    const signer = createCosmosTestSigner({ behaviour: { reject: ['enable'] } })
    attachCosmosTestWallet(signer, { way: 'leap', bridge: '__cosmos' })
    const adapter = createCosmosAdapter({
      networks: [cosmosHubNetwork],
      storage: createMemoryStorage(),
    })
    await expect(adapter.connect({ connectorId: 'keplr:leap' })).rejects.toMatchObject({
      name: 'CosmosWalletRejectedError',
      code: 4001,
    })
    expect(signer.requests).toEqual(['enable'])
    signer.setBehaviour(undefined)
    await expect(adapter.connect({ connectorId: 'keplr:leap' })).resolves.toMatchObject({
      accounts: [{ address: WALLET }],
    })
  })

  it('suggesting a chain is asked once; a chain info without a prefix is refused', async () => {
    const signer = createCosmosTestSigner()
    const bad = await signer.handle({
      method: 'suggestChain',
      params: { chainInfo: { chainId: 'latchdev-1' } },
    })
    expect(bad).toEqual({ error: expect.objectContaining({ message: 'Invalid chain info' }) })
    const info = { chainId: 'latchdev-1', bech32Config: { bech32PrefixAccAddr: 'cosmos' } }
    await signer.handle({ method: 'suggestChain', params: { chainInfo: info } })
    await signer.handle({ method: 'suggestChain', params: { chainInfo: info } })
    expect(signer.chains).toContain(cosmosDevNetwork.id)
    expect(signer.requests).toEqual(['suggestChain', 'suggestChain', 'suggestChain'])
  })
})
