import { describe, expect, it } from 'vitest'
import {
  badSignature,
  caip122Family,
  chainUnsupported,
  isCaip122SignIn,
  readCaip122,
} from './caip122.js'
import { CLOCK_SKEW_MS, SiwxError } from './verify.js'

const ORIGIN = 'http://localhost:5173'
const NOW = new Date('2026-01-02T03:04:05.000Z')
const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const family = caip122Family({
  label: 'Solana',
  namespace: 'solana',
  isAddress: (address) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address),
  addressNeeded: 'a base58 address',
})

// Exactly what core's createCaip122Message writes (packages/core/src/siwx/caip122.test.ts).
const CORE_MESSAGE = [
  'localhost:5173 wants you to sign in with your Solana account:',
  ADDRESS,
  '',
  'Sign in to the demo.',
  '',
  'URI: http://localhost:5173',
  'Version: 1',
  'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Nonce: abcdef123456',
  'Issued At: 2026-01-02T03:04:05.000Z',
]

/** The core message with lines replaced (index → text; null drops the line) or appended. */
function edit(changes: Record<number, string | null> = {}, extra: string[] = []): string {
  return [
    ...CORE_MESSAGE.flatMap((line, i) => (i in changes ? (changes[i] ?? []) : [line])),
    ...extra,
  ]
    .flat()
    .join('\n')
}

const read = (text: string, at = NOW) =>
  readCaip122(text, family, { origin: ORIGIN, now: at }).message
const codeOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return { code: (error as SiwxError).code, message: (error as SiwxError).message }
  }
  return undefined
}

describe('readCaip122', () => {
  it("reads core's message: the reference becomes the full CAIP-2 id, statement kept", () => {
    const { message, chain, signIn } = readCaip122(CORE_MESSAGE.join('\n'), family, {
      origin: ORIGIN,
      now: NOW,
    })
    expect(chain).toBeUndefined()
    expect(message).toEqual({
      domain: 'localhost:5173',
      address: ADDRESS,
      uri: 'http://localhost:5173',
      version: '1',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      nonce: 'abcdef123456',
      issuedAt: NOW,
      expirationTime: undefined,
      notBefore: undefined,
      statement: 'Sign in to the demo.',
      resources: undefined,
    })
    expect(signIn).toEqual({
      address: ADDRESS,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      nonce: 'abcdef123456',
      issuedAt: NOW,
      expirationTime: undefined,
    })
  })

  it('takes a full CAIP-2 chain id as it is, and reads the optional fields', () => {
    const later = new Date(NOW.getTime() + 600_000)
    const message = read(
      edit({ 3: null, 4: null, 7: 'Chain ID: solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }, [
        `Expiration Time: ${later.toISOString()}`,
        `Not Before: ${NOW.toISOString()}`,
        'Resources:',
        '- https://example.com/a',
        '- ipfs://b',
      ]),
    )
    expect(message.chainId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(message.statement).toBeUndefined()
    expect(message.expirationTime).toEqual(later)
    expect(message.notBefore).toEqual(NOW)
    expect(message.resources).toEqual(['https://example.com/a', 'ipfs://b'])
  })

  it.each([
    [
      'another family in the header',
      { 0: 'localhost:5173 wants you to sign in with your Bitcoin account:' },
    ],
    ['no domain', { 0: ' wants you to sign in with your Solana account:' }],
    ['an address the family refuses', { 1: '0x0000000000000000000000000000000000000000' }],
    ['no URI', { 5: null }],
    ['version 2', { 6: 'Version: 2' }],
    ['no version', { 6: null }],
    ['no chain id', { 7: null }],
    ['no nonce', { 8: null }],
    ['a short nonce', { 8: 'Nonce: abc123' }],
    ['a nonce with symbols', { 8: 'Nonce: abcdef12-456' }],
    ['no issued-at', { 9: null }],
    ['an issued-at that is no date', { 9: 'Issued At: yesterday' }],
  ])('refuses %s as malformed, with the family message', (_, changes) => {
    expect(codeOf(() => read(edit(changes)))).toEqual({
      code: 'SIWX_MALFORMED',
      message:
        'This is not a CAIP-122 Solana sign-in message (a base58 address, URI, version 1, chain ID, nonce and issued-at are required).',
    })
  })

  it.each([['Expiration Time: soon'], ['Not Before: later']])(
    'refuses an optional time that is no date (%s)',
    (line) => {
      expect(codeOf(() => read(edit({}, [line])))?.code).toBe('SIWX_MALFORMED')
    },
  )

  it('refuses a message written for another page', () => {
    expect(
      codeOf(() => read(edit({ 0: 'evil.test wants you to sign in with your Solana account:' })))
        ?.code,
    ).toBe('SIWX_DOMAIN_MISMATCH')
    expect(codeOf(() => read(edit({ 5: 'URI: http://evil.test/' })))?.code).toBe(
      'SIWX_URI_MISMATCH',
    )
  })

  it('holds the time window: issued ahead (beyond the skew), expired, not yet valid', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString()
    expect(codeOf(() => read(edit({ 9: `Issued At: ${at(CLOCK_SKEW_MS + 1000)}` })))?.code).toBe(
      'SIWX_ISSUED_IN_FUTURE',
    )
    expect(read(edit({ 9: `Issued At: ${at(CLOCK_SKEW_MS - 1000)}` })).nonce).toBe('abcdef123456')
    expect(codeOf(() => read(edit({}, [`Expiration Time: ${at(0)}`])))?.code).toBe('SIWX_EXPIRED')
    expect(codeOf(() => read(edit({}, [`Not Before: ${at(CLOCK_SKEW_MS + 1000)}`])))?.code).toBe(
      'SIWX_NOT_YET_VALID',
    )
    expect(read(edit({}, [`Expiration Time: ${at(1000)}`, `Not Before: ${at(0)}`])).address).toBe(
      ADDRESS,
    )
  })

  it("runs the family's chain check before the time window and returns its result", () => {
    const expired = edit({}, [`Expiration Time: ${new Date(NOW.getTime() - 1).toISOString()}`])
    const refuse = () => {
      throw chainUnsupported('solana:nope')
    }
    const context = { origin: ORIGIN, now: NOW }
    expect(codeOf(() => readCaip122(expired, family, context, refuse))).toEqual({
      code: 'SIWX_CHAIN_UNSUPPORTED',
      message: 'Chain solana:nope is not one this server verifies sign-ins on.',
    })
    const seen: string[] = []
    const { chain } = readCaip122(CORE_MESSAGE.join('\n'), family, context, ({ chainId }) => {
      seen.push(chainId)
      return 'mainnet'
    })
    expect(seen).toEqual(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
    expect(chain).toBe('mainnet')
    // Not called when the message is already refused.
    expect(codeOf(() => readCaip122(edit({ 9: null }), family, context, refuse))?.code).toBe(
      'SIWX_MALFORMED',
    )
  })
})

describe('isCaip122SignIn', () => {
  it("tells a family's message by its first line only", () => {
    expect(isCaip122SignIn(CORE_MESSAGE.join('\n'), 'Solana')).toBe(true)
    expect(family.isSignIn(CORE_MESSAGE.join('\n'))).toBe(true)
    expect(isCaip122SignIn(CORE_MESSAGE.join('\n'), 'Bitcoin')).toBe(false)
    expect(isCaip122SignIn(`x\n${CORE_MESSAGE[0]}`, 'Solana')).toBe(false)
    expect(
      isCaip122SignIn('localhost wants you to sign in with your Ethereum account:', 'Solana'),
    ).toBe(false)
  })
})

describe('the shared answers', () => {
  it('are SiwxErrors: an unsupported chain a 400, a bad signature a 401', () => {
    expect(chainUnsupported('solana:x')).toBeInstanceOf(SiwxError)
    expect(chainUnsupported('solana:x').statusCode).toBe(400)
    expect(badSignature()).toMatchObject({ code: 'SIWX_BAD_SIGNATURE', statusCode: 401 })
  })
})
