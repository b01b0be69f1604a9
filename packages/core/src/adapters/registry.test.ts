import { describe, expect, it } from 'vitest'
import { eip155Traits } from './eip155/traits.js'
import { namespaceTraits, namingNamespace, registerNamespace, traitsOfCaip } from './registry.js'
import { solanaTraits } from './solana/traits.js'

// The registry is one map for the page; other test files in the worker may have filled it.
describe('namespace registry', () => {
  it('finds registered traits by namespace or by CAIP id, and nothing for others', () => {
    registerNamespace(solanaTraits)
    registerNamespace(eip155Traits)
    expect(namespaceTraits('solana')).toBe(solanaTraits)
    expect(namespaceTraits(undefined)).toBeUndefined()
    expect(traitsOfCaip('eip155:1:0xabc')).toBe(eip155Traits)
    expect(traitsOfCaip('unknown:1')).toBeUndefined()
  })

  it('names the namespace whose accounts have names', () => {
    registerNamespace(solanaTraits)
    registerNamespace(eip155Traits)
    expect(namingNamespace()).toBe('eip155')
  })
})
