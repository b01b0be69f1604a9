import { describe, expect, it } from 'vitest'
import { chainOfCoinType, coinTypeOfChain, fullName, labelOf, nameProblem } from './names.js'

describe('account name rules', () => {
  it.each([
    ['abc', 'TOO_SHORT'],
    ['a'.repeat(64), 'TOO_LONG'],
    ['al ice', 'BAD_CHARACTERS'],
    ['alice.bob', 'BAD_CHARACTERS'],
    ['ålice', 'BAD_CHARACTERS'],
    ['-alice', 'HYPHEN_EDGE'],
    ['alice-', 'HYPHEN_EDGE'],
    ['Admin', 'RESERVED'],
  ])('%s breaks %s', (label, problem) => {
    expect(nameProblem(label)).toBe(problem)
  })

  it.each(['alice', 'Bob-42', '0000', 'a'.repeat(63)])('%s is a valid label', (label) => {
    expect(nameProblem(label)).toBeUndefined()
  })

  it('names are lower-cased under the suffix, and the label comes back out', () => {
    expect(fullName('Alice')).toBe('alice.latch.id')
    expect(labelOf('ALICE.Latch.ID')).toBe('alice')
    expect(labelOf('alice.eth')).toBeUndefined()
    expect(labelOf('alice.example', 'example')).toBe('alice')
  })

  it('coin types follow ENSIP-11 both ways', () => {
    expect(coinTypeOfChain(1)).toBe(60)
    expect(coinTypeOfChain(31337)).toBe(2147514985)
    expect(chainOfCoinType(2147514985)).toBe(31337)
    expect(chainOfCoinType(60)).toBe(1)
    expect(chainOfCoinType(501)).toBeUndefined()
  })
})
