import { describe, expect, it } from 'vitest'
import { findingsIn } from './namespaces.js'

describe('namespace check', () => {
  it('finds a namespace compared in shared code, with its line', () => {
    const source = "const a = 1\nif (account.namespace === 'solana') send()\n"
    expect(findingsIn('packages/core/src/send/validate.ts', source)).toEqual([
      {
        file: 'packages/core/src/send/validate.ts',
        line: 2,
        text: "if (account.namespace === 'solana') send()",
      },
    ])
  })

  it('finds a CAIP-2 id with its namespace written out', () => {
    expect(findingsIn('apps/server/src/routes/x.ts', 'const id = `bip122:` + ref')).toHaveLength(1)
    expect(findingsIn('apps/server/src/routes/x.ts', 'const id = "eip155:1"')).toHaveLength(1)
  })

  it('allows the family folders, tests and registrations', () => {
    const line = "if (namespace === 'eip155') go()"
    expect(findingsIn('packages/core/src/adapters/eip155/traits.ts', line)).toEqual([])
    expect(findingsIn('packages/frame/src/app/signers/solana/sign.ts', line)).toEqual([])
    expect(findingsIn('packages/core/src/send/validate.test.ts', line)).toEqual([])
    expect(findingsIn('packages/core/src/adapters/families.ts', line)).toEqual([])
    // The union derives from that list: types.ts no longer may name a namespace.
    expect(findingsIn('packages/core/src/networks/types.ts', line)).toHaveLength(1)
  })

  it('ignores comments and words that only contain a namespace', () => {
    expect(findingsIn('packages/core/src/a.ts', "// 'solana' accounts sign CAIP-122")).toEqual([])
    expect(findingsIn('packages/core/src/a.ts', "const label = 'solanaAddress'")).toEqual([])
  })
})
