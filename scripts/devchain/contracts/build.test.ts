import { describe, expect, it } from 'vitest'
import { loadArtifacts } from './artifacts.js'
import { compileContracts } from './build.js'

describe('committed contract artifacts', () => {
  it('match a fresh compile of the sources (run build.ts after editing a .sol file)', () => {
    const committed = loadArtifacts()
    const compiled = compileContracts()
    expect(compiled.compiler).toBe(committed.compiler)
    expect(Object.keys(compiled.contracts)).toEqual(Object.keys(committed.contracts))
    for (const [name, { abi, bytecode }] of Object.entries(compiled.contracts)) {
      expect(committed.contracts[name]?.bytecode, name).toBe(bytecode)
      expect(committed.contracts[name]?.abi, name).toEqual(abi)
    }
  }, 120_000)
})
