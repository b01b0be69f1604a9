import { describe, expect, it } from 'vitest'
import { createCaip122Message } from './caip122.js'

describe('createCaip122Message', () => {
  const fields = {
    domain: 'localhost:5173',
    address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    label: 'Solana',
    uri: 'http://localhost:5173',
    nonce: 'abcdef123456',
    issuedAt: new Date('2026-01-02T03:04:05.000Z'),
  }

  it('writes the layout the server reads: family header, key as given, CAIP-2 reference', () => {
    expect(createCaip122Message({ ...fields, statement: 'Sign in to the demo.' })).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
        '',
        'Sign in to the demo.',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: abcdef123456',
        'Issued At: 2026-01-02T03:04:05.000Z',
      ].join('\n'),
    )
  })

  it('leaves the statement out, with its blank line, when there is none', () => {
    expect(createCaip122Message(fields).split('\n').slice(0, 4)).toEqual([
      'localhost:5173 wants you to sign in with your Solana account:',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      '',
      'URI: http://localhost:5173',
    ])
  })
})
