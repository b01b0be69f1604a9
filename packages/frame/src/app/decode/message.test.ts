import { stringToHex, toHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { messageText, messageView } from './message.js'

const siwe = (domain: string, uri: string) =>
  createSiweMessage({
    address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    chainId: 1,
    domain,
    nonce: 'abcdefgh12345678',
    uri,
    version: '1',
    statement: 'Sign in to the app.',
    issuedAt: new Date('2026-01-01T00:00:00Z'),
  })

describe('messageView', () => {
  it('shows UTF-8 text as text, in full', () => {
    const text = `${'\n'.repeat(2000)}gm ☀️ ${'x'.repeat(5000)}`
    expect(messageText(stringToHex(text))).toBe(text)
    const view = messageView(stringToHex(text), 'https://app.example')
    expect(view.sections[0]!.fields[0]).toEqual({ label: 'Message', value: text })
    expect(view.dangers).toEqual([])
  })

  it('shows binary data as hex', () => {
    const bytes = toHex(new Uint8Array([0, 1, 2, 0xff, 0xfe]))
    expect(messageText(bytes)).toBeUndefined()
    expect(messageView(bytes, 'https://app.example').sections[0]!.fields[0]).toEqual({
      label: 'Message (binary data, shown as hex)',
      value: bytes,
      mono: true,
    })
    // A 32-byte hash (the classic blind-sign bait) is binary, not text.
    const hash = '0x4f0ed98503adb015ece8f1d65863e778c49ed4ed857894e564fac62598ceef9d'
    expect(messageText(hash)).toBeUndefined()
  })

  it('a sign-in message for the requesting origin is not flagged', () => {
    const view = messageView(
      stringToHex(siwe('app.example', 'https://app.example/login')),
      'https://app.example',
    )
    expect(view.title).toBe('Sign in with Ethereum')
    expect(view.summary).toEqual([
      'Sign in to app.example as 0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    ])
    expect(view.dangers).toEqual([])
  })

  it('a sign-in message for another domain is flagged as likely phishing', () => {
    const view = messageView(
      stringToHex(siwe('bank.example', 'https://bank.example/login')),
      'https://bank-example.attacker.test',
    )
    expect(view.dangers).toEqual([expect.stringMatching(/^Likely phishing: .*bank\.example/)])
    // The port is part of the domain a SIWE message binds to.
    expect(
      messageView(
        stringToHex(siwe('localhost:3000', 'http://localhost:3000')),
        'http://localhost:4000',
      ).dangers,
    ).toHaveLength(1)
  })
})
