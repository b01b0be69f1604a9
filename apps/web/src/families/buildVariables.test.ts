import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { familyBuildVariables, familyVariableNames } from './buildVariables'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-families-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
  return dir
}

describe('the families’ build-time variables', () => {
  it('are every LATCH_ variable a family module reads, tests and other names left out', () => {
    const dir = folder({
      'near.ts':
        'const a = import.meta.env.VITE_LATCH_NEAR_RPC_URL || import.meta.env.LATCH_NEAR_PORT\n' +
        'const b = import.meta.env.VITE_LATCH_NEAR_RPC_URL; const c = import.meta.env.DEV',
      'near.test.ts': 'import.meta.env.VITE_LATCH_FROM_A_TEST',
      'notes.md': 'import.meta.env.VITE_LATCH_IN_PROSE',
    })
    expect(familyVariableNames(dir)).toEqual(['LATCH_NEAR_PORT', 'VITE_LATCH_NEAR_RPC_URL'])
  })

  it('become string constants from the environment, empty when unset (so the family folds away)', () => {
    const dir = folder({
      'near.ts': 'import.meta.env.VITE_LATCH_NEAR_RPC_URL; import.meta.env.LATCH_NEAR_PORT',
    })
    expect(familyBuildVariables({ LATCH_NEAR_PORT: '3030', OTHER: 'x' }, dir)).toEqual({
      'import.meta.env.LATCH_NEAR_PORT': '"3030"',
      'import.meta.env.VITE_LATCH_NEAR_RPC_URL': '""',
      'import.meta.env.LATCH_FAMILY_VARIABLES': '"LATCH_NEAR_PORT"',
    })
    expect(familyBuildVariables({}, dir)['import.meta.env.LATCH_FAMILY_VARIABLES']).toBe('""')
  })

  it('cover what this app’s families read, the port fallbacks included', () => {
    expect(familyVariableNames()).toEqual(
      expect.arrayContaining([
        'LATCH_BITCOIN_PORT',
        'LATCH_COSMOS_REST_PORT',
        'LATCH_COSMOS_RPC_PORT',
        'LATCH_POLKADOT_PORT',
        'LATCH_SOLANA_PORT',
        'VITE_LATCH_BITCOIN_NETWORK',
        'VITE_LATCH_COSMOS_REST_URL',
        'VITE_LATCH_COSMOS_RPC_URL',
        'VITE_LATCH_POLKADOT_RPC_URL',
        'VITE_LATCH_SOLANA_RPC_URL',
      ]),
    )
  })
})
