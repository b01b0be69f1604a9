import { u8aToHex } from '@polkadot/util'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiwxError } from '../../siwx/verify.js'
import { DEV_POLKADOT_CAIP2 } from './config.js'
import { polkadotMessage, signRaw, type TestPair, testPair } from './sign-in.fixtures.js'
import { polkadotSignIn } from './sign-in.js'

const ORIGIN = 'http://localhost:5173'
const NOW = new Date('2026-11-27T12:00:00Z')
const { namespace, verifySignIn } = polkadotSignIn([DEV_POLKADOT_CAIP2])
const verify = (message: string, signature: string, origin = ORIGIN) =>
  verifySignIn({ message, signature, origin, now: NOW })
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: SiwxError) => ({ code: error.code, status: error.statusCode }),
  )

const message = polkadotMessage

type Pair = TestPair
const pairs: Record<'sr25519' | 'ed25519' | 'ecdsa', Pair> = {} as never
let mallory: Pair

beforeAll(async () => {
  for (const type of ['sr25519', 'ed25519', 'ecdsa'] as const)
    pairs[type] = await testPair('//Alice', type)
  mallory = await testPair('//Mallory')
})

describe('polkadotSignIn', () => {
  it('is the polkadot namespace', () => {
    expect(namespace).toBe('polkadot')
  })

  it('verifies signRaw signatures from sr25519, ed25519 and ecdsa accounts', async () => {
    for (const pair of Object.values(pairs)) {
      const text = message(pair.address)
      expect(await verify(text, signRaw(pair, text))).toEqual({
        address: pair.address,
        chainId: DEV_POLKADOT_CAIP2,
        domain: 'localhost:5173',
        uri: 'http://localhost:5173/',
        nonce: 'abcdefgh1234',
        issuedAt: NOW,
        expirationTime: undefined,
      })
    }
    // A MultiSignature (a type byte first), as some wallets return it: 1 sr25519, 0 ed25519.
    const multi = message(pairs.sr25519.address)
    const typed = `0x01${signRaw(pairs.sr25519, multi).slice(2)}`
    expect((await verify(multi, typed)).address).toBe(pairs.sr25519.address)
    const wrongType = `0x00${signRaw(pairs.sr25519, multi).slice(2)}`
    expect((await refusal(verify(multi, wrongType)))?.code).toBe('SIWX_BAD_SIGNATURE')
    // The chain's reference alone, and a well-known chain (Polkadot) not configured here.
    const short = message(pairs.sr25519.address, { chain: DEV_POLKADOT_CAIP2.slice(9) })
    expect((await verify(short, signRaw(pairs.sr25519, short))).chainId).toBe(DEV_POLKADOT_CAIP2)
    const polkadot = message(pairs.sr25519.address, {
      chain: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    })
    expect((await verify(polkadot, signRaw(pairs.sr25519, polkadot))).chainId).toContain('91b171bb')
  })

  it("refuses another key's signature, one of another message, and one of the bare (unwrapped) text", async () => {
    const text = message(pairs.sr25519.address)
    const bad = { code: 'SIWX_BAD_SIGNATURE', status: 401 }
    expect(await refusal(verify(text, signRaw(mallory, text)))).toEqual(bad)
    expect(
      await refusal(
        verify(
          text,
          signRaw(pairs.sr25519, message(pairs.sr25519.address, { nonce: 'zzzzzzzz9999' })),
        ),
      ),
    ).toEqual(bad)
    // Without the <Bytes> wrapping the signed bytes could be a transaction's payload.
    expect(
      await refusal(verify(text, u8aToHex(pairs.sr25519.sign(new TextEncoder().encode(text))))),
    ).toEqual(bad)
    // Mallory's message naming Alice, signed by Mallory.
    const claim = message(pairs.sr25519.address)
    expect(await refusal(verify(claim, signRaw(mallory, claim)))).toEqual(bad)
    for (const junk of [
      '',
      '0x',
      'not hex',
      `0x${'00'.repeat(64)}`,
      `${signRaw(pairs.sr25519, text)}00`,
    ])
      expect(await refusal(verify(text, junk))).toEqual(bad)
  })

  it('refuses a message written for another site, an unsupported chain, outside its time, or malformed', async () => {
    const a = pairs.sr25519
    const signed = async (text: string) => refusal(verify(text, signRaw(a, text)))
    expect((await signed(message(a.address, { domain: 'evil.example' })))?.code).toBe(
      'SIWX_DOMAIN_MISMATCH',
    )
    expect((await signed(message(a.address, { uri: 'https://evil.example/' })))?.code).toBe(
      'SIWX_URI_MISMATCH',
    )
    expect(
      (await signed(message(a.address, { chain: 'polkadot:00000000000000000000000000000000' })))
        ?.code,
    ).toBe('SIWX_CHAIN_UNSUPPORTED')
    expect((await signed(message(a.address, { chain: 'eip155:1' })))?.code).toBe(
      'SIWX_CHAIN_UNSUPPORTED',
    )
    expect((await signed(message(a.address, { expires: '2026-11-27T11:00:00Z' })))?.code).toBe(
      'SIWX_EXPIRED',
    )
    expect((await signed(message(a.address, { issuedAt: '2026-11-28T12:00:00Z' })))?.code).toBe(
      'SIWX_ISSUED_IN_FUTURE',
    )
    expect((await signed(message('not-an-address')))?.code).toBe('SIWX_MALFORMED')
    expect((await signed(message(a.address, { nonce: 'short' })))?.code).toBe('SIWX_MALFORMED')
    // Another namespace's message is not read as Polkadot's.
    const evm = message(a.address).replace('Polkadot account', 'Ethereum account')
    expect(await refusal(verify(evm, signRaw(a, evm)))).toEqual({
      code: 'SIWX_MALFORMED',
      status: 400,
    })
  })
})
