import { describe, expect, it } from 'vitest'
import { eip155Traits } from './eip155/traits.js'
import { namespaceTraits, namingNamespace, registerNamespace, traitsOfCaip } from './registry.js'
import { solanaTraits } from './solana/traits.js'

describe('namespace registry', () => {
  it('knows only what was registered, by namespace or by CAIP id', () => {
    expect(namespaceTraits('solana')).toBeUndefined()
    expect(namingNamespace()).toBeUndefined()
    registerNamespace(solanaTraits)
    expect(namingNamespace()).toBeUndefined()
    registerNamespace(eip155Traits)
    expect(namespaceTraits('solana')).toBe(solanaTraits)
    expect(traitsOfCaip('eip155:1:0xabc')).toBe(eip155Traits)
    expect(traitsOfCaip('bip122:000000000019d6689c085ae165831e93')).toBeUndefined()
    expect(namingNamespace()).toBe('eip155')
  })
})
