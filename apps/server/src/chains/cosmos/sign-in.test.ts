import { serializeSignDoc } from '@cosmjs/amino'
import { describe, expect, it } from 'vitest'
import { ForeignSignInError, type SiwxError } from '../../siwx/verify.js'
import { COSMOS } from './networks.js'
import { cosmosMessage, testKey } from './sign-in.fixtures.js'
import { adr036SignDoc, cosmosSignIn } from './sign-in.js'

const ORIGIN = 'http://localhost:5173'
const NOW = new Date('2026-11-27T12:00:00Z')
const { namespace, verifySignIn } = cosmosSignIn()
const verify = (message: string, signature: string, origin = ORIGIN) =>
  verifySignIn({ message, signature, origin, now: NOW })
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: SiwxError) => ({ code: error.code, status: error.statusCode, kind: error.name }),
  )
const bad = { code: 'SIWX_BAD_SIGNATURE', status: 401, kind: 'SiwxError' }
const key = await testKey(1)
const other = await testKey(2)
const msg = (fields: Partial<Parameters<typeof cosmosMessage>[0]> = {}) =>
  cosmosMessage({ address: key.address, issuedAt: NOW, ...fields })

describe('cosmosSignIn', () => {
  it('is the cosmos namespace', () => {
    expect(namespace).toBe(COSMOS)
  })

  it("signs ADR-036's document: MsgSignData, empty chain id, account 0, sequence 0, no fee", () => {
    const bytes = new TextDecoder().decode(serializeSignDoc(adr036SignDoc('cosmos1abc', 'hi <&>')))
    // The document as ADR-036 writes it, keys sorted, the data base64 of the UTF-8 bytes.
    expect(bytes).toBe(
      '{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"aGkgPCY+","signer":"cosmos1abc"}}],"sequence":"0"}',
    )
  })

  it('verifies a signArbitrary signature on the dev chain and the known chains', async () => {
    const text = msg()
    expect(await verify(text, await key.sign(text))).toEqual({
      address: key.address,
      chainId: 'cosmos:latchdev-1',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173/',
      nonce: 'abcdefgh1234',
      issuedAt: NOW,
      expirationTime: undefined,
    })
    const hub = msg({ chain: 'cosmos:cosmoshub-4' })
    expect((await verify(hub, await key.sign(hub))).chainId).toBe('cosmos:cosmoshub-4')
    const osmo = await testKey(1, 'osmo')
    const onOsmosis = cosmosMessage({ address: osmo.address, issuedAt: NOW, chain: 'osmosis-1' })
    expect((await verify(onOsmosis, await osmo.sign(onOsmosis))).address).toBe(osmo.address)
  })

  it("leaves another namespace's message to it", async () => {
    const bitcoin = msg().replace('Cosmos account', 'Bitcoin account')
    const error = await verify(bitcoin, await key.sign(bitcoin)).catch((e) => e)
    expect(error).toBeInstanceOf(ForeignSignInError)
    expect(error).toMatchObject({ code: 'SIWX_MALFORMED', namespace: COSMOS })
  })

  it('refuses the attacks: another key, tampered text, another message, garbage', async () => {
    const text = msg()
    // Another account's key signs a message naming ours (its own pubkey in the signature).
    expect(await refusal(verify(text, await other.sign(text)))).toEqual(bad)
    // …or names our address as the ADR-036 signer: the key still makes another address.
    expect(await refusal(verify(text, await other.sign(text, key.address)))).toEqual(bad)
    // Our public key with another key's signature over the same document.
    const ours = await key.signature(text)
    const theirs = await other.signature(text, key.address)
    const mixed = JSON.stringify({ pub_key: ours.pub_key, signature: theirs.signature })
    expect(await refusal(verify(text, mixed))).toEqual(bad)
    // Signed, then edited.
    const edited = text.replace('Sign in to the test app', 'Send me everything')
    expect(await refusal(verify(edited, await key.sign(text)))).toEqual(bad)
    // A genuine signature of another message by the same key.
    expect(await refusal(verify(text, await key.sign(msg({ nonce: 'zzzzzzzz9999' }))))).toEqual(bad)
    // Signed with the signer field naming another account: not this message's document.
    expect(await refusal(verify(text, await key.sign(text, other.address)))).toEqual(bad)
    // The malleable twin (s → n − s) of a valid signature, refused as the SDK refuses it.
    const raw = Buffer.from(ours.signature, 'base64')
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`)
    const highS = Buffer.concat([
      raw.subarray(0, 32),
      Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex'),
    ])
    const twin = JSON.stringify({ pub_key: ours.pub_key, signature: highS.toString('base64') })
    expect(await refusal(verify(text, twin))).toEqual(bad)
    for (const garbage of [
      '',
      'not json',
      ours.signature,
      JSON.stringify({ ...ours, pub_key: { ...ours.pub_key, type: 'tendermint/PubKeyEd25519' } }),
      JSON.stringify({ pub_key: ours.pub_key, signature: Buffer.alloc(64, 1).toString('base64') }),
      JSON.stringify({
        pub_key: { type: 'tendermint/PubKeySecp256k1', value: 'AAAA' },
        signature: ours.signature,
      }),
      `{"pub_key":${'['.repeat(5000)}`,
    ])
      expect(await refusal(verify(text, garbage)), garbage.slice(0, 40)).toEqual(bad)
  })

  it('refuses another domain or origin, an expired or future message, a wrong or unknown chain', async () => {
    const osmo = await testKey(1, 'osmo')
    const cases: [string, string][] = [
      [msg({ domain: 'evil.example' }), 'SIWX_DOMAIN_MISMATCH'],
      [msg({ uri: 'http://evil.example/' }), 'SIWX_URI_MISMATCH'],
      [
        msg({
          issuedAt: new Date(NOW.getTime() - 3_600_000),
          expiration: new Date(NOW.getTime() - 1),
        }),
        'SIWX_EXPIRED',
      ],
      [msg({ issuedAt: new Date(NOW.getTime() + 10 * 60_000) }), 'SIWX_ISSUED_IN_FUTURE'],
      [msg({ chain: 'juno-1' }), 'SIWX_CHAIN_UNSUPPORTED'],
      // A cosmos-prefixed account under Osmosis's chain id: not an account of that chain.
      [msg({ chain: 'osmosis-1' }), 'SIWX_MALFORMED'],
      // And an Osmosis account under the dev chain's.
      [cosmosMessage({ address: osmo.address, issuedAt: NOW }), 'SIWX_MALFORMED'],
      [msg({ address: `${key.address.slice(0, -1)}x` }), 'SIWX_MALFORMED'],
      [msg({ address: 'not-an-address' }), 'SIWX_MALFORMED'],
    ]
    for (const [text, code] of cases) {
      const signer = text.includes(osmo.address) ? osmo : key
      expect((await refusal(verify(text, await signer.sign(text))))?.code, code).toBe(code)
    }
    // The page asking is another site, though the message names ours.
    const text = msg()
    expect((await refusal(verify(text, await key.sign(text), 'http://evil.example')))?.code).toBe(
      'SIWX_DOMAIN_MISMATCH',
    )
  })
})
