import { describe, expect, it } from 'vitest'
import { fungible, nft, tx } from '../transactions/fixtures.testing.js'
import { authDisplayName, truncateAddress, truncateDisplayName } from './address.js'
import { formatQuantity } from './quantity.js'
import { monthGroupTitle, relativeTimeFrom } from './time.js'
import { amountSign, presentTransaction, transactionTitle } from './transaction.js'

describe('addresses and names', () => {
  it('truncates 4 + 6', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266')
    expect(truncateAddress('0x1234')).toBe('0x1234')
  })
  it('cuts display names past 30 characters with ...', () => {
    const long = 'a-very-long-mailbox-name@example.com'
    expect(truncateDisplayName(long)).toBe(`${long.slice(0, 30)}...`)
    expect(truncateDisplayName('me@example.com')).toBe('me@example.com')
  })
  it('names an embedded-wallet user by the social user name, else the email', () => {
    expect(authDisplayName({ username: 'ann', provider: 'github', email: 'a@x.io' })).toBe('ann')
    expect(authDisplayName({ username: null, provider: 'google', email: 'a@x.io' })).toBe('a@x.io')
    // Discord's new-style tags end in '#0': the trailing 0 (and its '#') is dropped.
    expect(authDisplayName({ username: 'ann#0', provider: 'discord' })).toBe('ann')
    expect(authDisplayName({ username: 'ann#1230', provider: 'discord' })).toBe('ann#123')
    expect(authDisplayName({ username: 'dev0', provider: 'github' })).toBe('dev0')
    expect(authDisplayName({ username: 'x'.repeat(40), provider: 'x' })).toBe(
      `${'x'.repeat(30)}...`,
    )
  })
})

describe('formatQuantity', () => {
  it('shows at most 3 decimals', () => {
    expect(formatQuantity('1.23456')).toBe('1.235')
    expect(formatQuantity('1500')).toBe('1,500')
    expect(formatQuantity('0.1')).toBe('0.1')
  })
  it('never shows a small amount as 0', () => {
    expect(formatQuantity('0.0000001')).toBe('<0.001')
    expect(formatQuantity('0')).toBe('0')
  })
})

describe('relative time (thresholds of docs/behaviour.md#limits)', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()
  it.each([
    [44, 'a few seconds ago'],
    [45, 'a minute ago'],
    [89, 'a minute ago'],
    [90, '2 minutes ago'],
    [44 * 60, '44 minutes ago'],
    [45 * 60, 'an hour ago'],
    [21 * 3600, '21 hours ago'],
    [22 * 3600, 'a day ago'],
    [40 * 86400, 'a month ago'],
    [400 * 86400, 'a year ago'],
  ])('%i s → %s', (seconds, text) => {
    expect(relativeTimeFrom(ago(seconds), now)).toBe(text)
  })
})

describe('month group titles', () => {
  const now = new Date(2026, 5, 15)
  it('omits the year in the current year and shows it otherwise', () => {
    expect(monthGroupTitle(2026, 2, now)).toBe('March')
    expect(monthGroupTitle(2025, 11, now)).toBe('December 2025')
  })
})

describe('history rows', () => {
  it('uses past-tense titles', () => {
    expect(transactionTitle('trade')).toBe('Swapped')
    expect(transactionTitle('approve')).toBe('Approved')
    expect(transactionTitle('burn')).toBe('Burnt')
    expect(transactionTitle('somethingNew')).toBe('SomethingNew')
  })

  it('signs amounts by operation type', () => {
    expect(['receive', 'deposit', 'borrow', 'claim'].map(amountSign)).toEqual(['+', '+', '+', '+'])
    expect(['withdraw', 'repay', 'burn'].map(amountSign)).toEqual(['-', '-', '-'])
    expect(amountSign('send')).toBe('')
  })

  it('describes a receive with sign, 3 decimals and symbol', () => {
    const row = presentTransaction(
      tx('1', '2025-01-01T00:00:00Z', {
        operationType: 'receive',
        transfers: [fungible('2.71828', 'DEMO')],
      }),
    )
    expect(row.title).toBe('Received')
    expect(row.descriptions).toEqual(['+2.718 DEMO'])
    expect(row.images[0]).toEqual({ kind: 'token', url: undefined, fallback: 'D' })
  })

  it('describes a swap as out then in', () => {
    const row = presentTransaction(
      tx('2', '2025-01-01T00:00:00Z', {
        operationType: 'trade',
        transfers: [fungible('10', 'DEMO', 'in'), fungible('5', 'LUSD', 'out')],
      }),
    )
    expect(row.descriptions).toEqual(['5 LUSD', '10 DEMO'])
  })

  it('names the NFT, and leads a mixed transaction with the real token', () => {
    expect(
      presentTransaction(
        tx('3', '2025-01-01T00:00:00Z', { transfers: [nft('Latch Pass #1', false)] }),
      ).descriptions,
    ).toEqual(['Latch Pass #1'])
    const mixed = presentTransaction(
      tx('4', '2025-01-01T00:00:00Z', {
        operationType: 'receive',
        transfers: [nft('Claim at x.io', true), fungible('3', 'LUSD')],
      }),
    )
    expect(mixed.descriptions).toEqual(['+3 LUSD'])
  })

  it('falls back to the counterparty when nothing moved', () => {
    const row = presentTransaction(
      tx('5', '2025-01-01T00:00:00Z', { operationType: 'deploy', transfers: null }),
    )
    expect(row.descriptions).toEqual(['0x70…dc79c8'])
  })
})
