import { describe, expect, it } from 'vitest'
import { codeOf, isOwn, kindOf, touchOf } from './family-touch.js'

describe('family-touch', () => {
  it('counts a shared file that names the family as a string or wires it', () => {
    expect(touchOf('apps/web/src/latch.ts', "if (ns === 'cosmos') go()", 'cosmos')).toEqual({
      file: 'apps/web/src/latch.ts',
      kind: 'shipped',
      string: true,
    })
    expect(
      touchOf('apps/web/src/latch.ts', "import { createLazyCosmosAdapter } from 'x'", 'cosmos'),
    ).toEqual({ file: 'apps/web/src/latch.ts', kind: 'shipped', string: false })
    expect(touchOf('apps/server/src/a.ts', 'const id = `bip122:` + ref', 'bip122')?.string).toBe(
      true,
    )
  })

  it('leaves out the family’s own files, comments and other families', () => {
    expect(touchOf('packages/core/src/adapters/cosmos/traits.ts', "'cosmos'", 'cosmos')).toBe(
      undefined,
    )
    expect(touchOf('e2e/support/phoneWalletCosmos.ts', "'cosmos'", 'cosmos')).toBe(undefined)
    expect(touchOf('scripts/bitcoin/node.ts', "'bip122'", 'bip122')).toBe(undefined)
    expect(
      touchOf('apps/web/src/a.ts', '// Cosmos reads the node\n/* cosmos */ x()', 'cosmos'),
    ).toBe(undefined)
    expect(touchOf('apps/web/src/a.ts', "'solana'", 'cosmos')).toBe(undefined)
  })

  it('sorts files into shipped, tests, dev tooling and manifests', () => {
    expect(kindOf('packages/core/package.json')).toBe('manifest')
    expect(kindOf('apps/server/src/a.test.ts')).toBe('test')
    expect(kindOf('packages/core/src/testing/index.ts')).toBe('test')
    expect(kindOf('scripts/start.ts')).toBe('dev')
    expect(kindOf('apps/server/src/app.ts')).toBe('shipped')
    expect(isOwn('apps/web/src/families/cosmosVerifier.ts', ['cosmos'])).toBe(true)
    expect(codeOf("const u = 'http://x' // cosmos")).toBe("const u = 'http://x'")
  })
})
