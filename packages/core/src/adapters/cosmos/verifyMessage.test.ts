import { serializeSignDoc } from '@cosmjs/amino'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, it } from 'vitest'
import { adr36SignDoc, createCosmosTestSigner } from '../../testing/cosmosWallet.js'
import { cosmosMessageVerifier } from './messageVerifier.js'
import { adr36SignBytes, verifyCosmosMessage } from './verifyMessage.js'

const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const FRIEND = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z'

async function signed(message: string, account = 0) {
  const signer = createCosmosTestSigner({ account })
  await signer.handle({ method: 'enable', params: { chainIds: ['cosmoshub-4'] } })
  const address = await signer.address('cosmoshub-4')
  const answer = (await signer.handle({
    method: 'signArbitrary',
    params: { chainId: 'cosmoshub-4', signer: address, data: message },
  })) as { result: { pub_key: { type: string; value: string }; signature: string } }
  return answer.result
}

describe('verifyCosmosMessage (ADR-036)', () => {
  it('writes the sign bytes cosmjs writes, `<>&` included', () => {
    const text = 'a <b> & c'
    expect(new TextDecoder().decode(adr36SignBytes(WALLET, text))).toBe(
      new TextDecoder().decode(serializeSignDoc(adr36SignDoc(WALLET, text))),
    )
  })

  it('accepts the wallet’s signature of the message', async () => {
    const signature = JSON.stringify(await signed('hello <&>'))
    await expect(
      cosmosMessageVerifier.verifyMessage({ address: WALLET, message: 'hello <&>', signature }),
    ).resolves.toBe(true)
  })

  it('refuses another text, another account’s key, a key that does not make the address, and the high-S twin', async () => {
    const mine = await signed('hello')
    const friend = await signed('hello', 1)
    const check = (address: string, message: string, value: unknown) =>
      verifyCosmosMessage({ address, message, signature: JSON.stringify(value) })
    expect(await check(WALLET, 'hellO', mine)).toBe(false)
    // The friend's genuine signature, presented for our address.
    expect(await check(WALLET, 'hello', friend)).toBe(false)
    // Our public key with the friend's signature.
    expect(await check(WALLET, 'hello', { ...mine, signature: friend.signature })).toBe(false)
    expect(await check(FRIEND, 'hello', friend)).toBe(true)
    const sig = secp256k1.Signature.fromBytes(Buffer.from(mine.signature, 'base64'))
    const high = new secp256k1.Signature(sig.r, secp256k1.Point.CURVE().n - sig.s).toBytes()
    expect(
      await check(WALLET, 'hello', { ...mine, signature: Buffer.from(high).toString('base64') }),
    ).toBe(false)
    expect(await check(WALLET, 'hello', { ...mine, pub_key: { ...mine.pub_key, type: 'x' } })).toBe(
      false,
    )
    expect(
      await verifyCosmosMessage({ address: WALLET, message: 'hello', signature: 'not json' }),
    ).toBe(false)
  })
})
