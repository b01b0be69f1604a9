import { describe, expect, it } from 'vitest'
import { resolveAccountType } from '../client/wallet.js'
import { namespaceOfChain, PAGE_NAMESPACES } from './namespaces.js'

describe('the page side namespaces', () => {
  it('reads a CAIP-2 id by its prefix; a bare number or no chain is the first namespace', () => {
    const first = PAGE_NAMESPACES[0]!.namespace
    expect(namespaceOfChain(1)).toBe(first)
    expect(namespaceOfChain(undefined)).toBe(first)
    for (const { namespace } of PAGE_NAMESPACES)
      expect(namespaceOfChain(`${namespace}:abc`)).toBe(namespace)
    expect(namespaceOfChain('cosmos:hub')).toBe('cosmos')
  })

  it("defaults each namespace's account type; an unknown one is an EOA", () => {
    for (const { namespace, defaultAccountType } of PAGE_NAMESPACES)
      expect(resolveAccountType(undefined, undefined, namespace)).toBe(defaultAccountType)
    expect(PAGE_NAMESPACES.map((n) => n.defaultAccountType)).toContain('smartAccount')
    expect(resolveAccountType(undefined, undefined, 'cosmos')).toBe('eoa')
    expect(resolveAccountType(undefined, 'eoa', PAGE_NAMESPACES[0]!.namespace)).toBe('eoa')
  })
})
