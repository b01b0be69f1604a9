import { describe, expect, it } from 'vitest'
import { ForeignSignInError, type SiwxError } from '../../siwx/verify.js'
import { BIP122 } from './networks.js'
import {
  bip137,
  bip322,
  bitcoinMessage,
  MAINNET_KEY_NETWORK,
  REGTEST_REF,
  testKey,
} from './sign-in.fixtures.js'
import { bitcoinSignIn, verifyBitcoinSignature } from './sign-in.js'

const ORIGIN = 'http://localhost:5173'
const NOW = new Date('2026-11-27T12:00:00Z')
const key = testKey(1)
const other = testKey(2)
const { namespace, verifySignIn } = bitcoinSignIn()
const verify = (message: string, signature: string, origin = ORIGIN) =>
  verifySignIn({ message, signature, origin, now: NOW })
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: SiwxError) => ({ code: error.code, status: error.statusCode, kind: error.name }),
  )
const msg = (address: string, fields: Partial<Parameters<typeof bitcoinMessage>[0]> = {}) =>
  bitcoinMessage({ address, issuedAt: NOW, ...fields })

describe('bitcoinSignIn', () => {
  it('is the bip122 namespace', () => {
    expect(namespace).toBe(BIP122)
  })

  it('verifies BIP-322 from P2WPKH and P2TR, BIP-137 from P2PKH and P2WPKH', async () => {
    const signed: [string, (text: string) => string][] = [
      [key.wpkh, (t) => bip322(key, key.wpkh, t)],
      [key.tr, (t) => bip322(key, key.tr, t)],
      [key.pkh, (t) => bip137(key, t, 'p2pkh')],
      [key.wpkh, (t) => bip137(key, t, 'p2wpkh')],
      // Electrum-style: a P2WPKH message signed with a P2PKH header, the key the same.
      [key.wpkh, (t) => bip137(key, t, 'p2pkh')],
    ]
    for (const [address, sign] of signed) {
      const text = msg(address)
      expect(await verify(text, sign(text))).toEqual({
        address,
        chainId: `bip122:${REGTEST_REF}`,
        domain: 'localhost:5173',
        uri: 'http://localhost:5173/',
        nonce: 'abcdefgh1234',
        issuedAt: NOW,
        expirationTime: undefined,
      })
    }
    const full = msg(key.wpkh, { chain: `bip122:${REGTEST_REF}` })
    expect((await verify(full, bip322(key, key.wpkh, full))).chainId).toBe(`bip122:${REGTEST_REF}`)
  })

  it("matches BIP-322's own test vector, and refuses it for another message", () => {
    const vector = {
      address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      type: 'wpkh' as const,
      signature:
        'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    }
    expect(() => verifyBitcoinSignature({ ...vector, message: 'Hello World' })).not.toThrow()
    expect(() => verifyBitcoinSignature({ ...vector, message: 'Hello World!' })).toThrow(
      /does not match/,
    )
  })

  it("leaves another namespace's message to it", async () => {
    const solana = msg(key.wpkh).replace('Bitcoin account', 'Solana account')
    const error = await verify(solana, bip322(key, key.wpkh, solana)).catch((e) => e)
    expect(error).toBeInstanceOf(ForeignSignInError)
    expect(error).toMatchObject({ code: 'SIWX_MALFORMED', namespace: BIP122 })
  })

  it('refuses the attacks: wrong address, tampered text, another message, garbage', async () => {
    const text = msg(key.wpkh)
    const bad = { code: 'SIWX_BAD_SIGNATURE', status: 401, kind: 'SiwxError' }
    // The message names our address; the signature is another key's (of its own address).
    expect(await refusal(verify(text, bip322(other, other.wpkh, text)))).toEqual(bad)
    expect(await refusal(verify(text, bip137(other, text, 'p2wpkh')))).toEqual(bad)
    // Signed, then edited.
    const edited = text.replace('Sign in to the test app', 'Send me everything')
    expect(await refusal(verify(edited, bip322(key, key.wpkh, text)))).toEqual(bad)
    expect(await refusal(verify(edited, bip137(key, text, 'p2wpkh')))).toEqual(bad)
    // A genuine signature of another message by the same key.
    const another = msg(key.wpkh, { nonce: 'zzzzzzzz9999' })
    expect(await refusal(verify(text, bip322(key, key.wpkh, another)))).toEqual(bad)
    for (const garbage of ['', 'not base64!', 'AAAA', Buffer.alloc(65, 31).toString('base64')])
      expect(await refusal(verify(text, garbage))).toEqual(bad)
  })

  it('refuses a signature made for an address of another type', async () => {
    const bad = { code: 'SIWX_BAD_SIGNATURE', status: 401, kind: 'SiwxError' }
    // The same key's P2WPKH BIP-322 witness, presented for its taproot address, and back.
    const forTaproot = msg(key.tr)
    expect(await refusal(verify(forTaproot, bip322(key, key.wpkh, forTaproot)))).toEqual(bad)
    const forSegwit = msg(key.wpkh)
    expect(await refusal(verify(forSegwit, bip322(key, key.tr, forSegwit)))).toEqual(bad)
    // BIP-137 says nothing of taproot: refused for a P2TR address even from its own key.
    expect(await refusal(verify(forTaproot, bip137(key, forTaproot, 'p2wpkh')))).toEqual(bad)
    // A P2PKH address takes BIP-137 only; a P2PKH sign-in with another key's P2PKH signature fails.
    const legacy = msg(key.pkh)
    expect(await refusal(verify(legacy, bip322(key, key.wpkh, legacy)))).toEqual(bad)
    expect(await refusal(verify(legacy, bip137(other, legacy, 'p2pkh')))).toEqual(bad)
  })

  it('refuses another domain or origin, an expired or future message, a wrong or unknown chain', async () => {
    const sign = (text: string) => bip322(key, key.wpkh, text)
    const cases: [string, string][] = [
      [msg(key.wpkh, { domain: 'evil.example' }), 'SIWX_DOMAIN_MISMATCH'],
      [msg(key.wpkh, { uri: 'http://evil.example/' }), 'SIWX_URI_MISMATCH'],
      [
        msg(key.wpkh, {
          issuedAt: new Date(NOW.getTime() - 3_600_000),
          expiration: new Date(NOW.getTime() - 1),
        }),
        'SIWX_EXPIRED',
      ],
      [msg(key.wpkh, { issuedAt: new Date(NOW.getTime() + 10 * 60_000) }), 'SIWX_ISSUED_IN_FUTURE'],
      [msg(key.wpkh, { chain: 'ffffffffffffffffffffffffffffffff' }), 'SIWX_CHAIN_UNSUPPORTED'],
      // A regtest address under mainnet's chain id: not an address of that chain.
      [msg(key.wpkh, { chain: '000000000019d6689c085ae165831e93' }), 'SIWX_MALFORMED'],
      [msg('not-an-address'), 'SIWX_MALFORMED'],
    ]
    for (const [text, code] of cases)
      expect((await refusal(verify(text, sign(text))))?.code, code).toBe(code)
    // The page asking is another site, though the message names ours.
    const text = msg(key.wpkh)
    expect((await refusal(verify(text, sign(text), 'http://evil.example')))?.code).toBe(
      'SIWX_DOMAIN_MISMATCH',
    )
    // A mainnet key signs in on mainnet.
    const main = testKey(3, MAINNET_KEY_NETWORK)
    const onMainnet = msg(main.wpkh, { chain: '000000000019d6689c085ae165831e93' })
    expect((await verify(onMainnet, bip322(main, main.wpkh, onMainnet))).address).toBe(main.wpkh)
  })
})
