import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ChainNamespace } from '../networks/types.js'
import { chainNamespaces } from './families.js'
import { FAMILY_RPC } from './rpcMethods.js'

const adaptersDir = path.dirname(fileURLToPath(import.meta.url))
const packageDir = path.resolve(adaptersDir, '../..')
const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, Record<string, string> | string>
}

/** The folders that are chain families: a namespace's networks and its RPC declaration. */
const familyFolders = readdirSync(adaptersDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) =>
    ['networks.ts', 'rpcMethods.ts'].every((f) => existsSync(path.join(adaptersDir, name, f))),
  )
  .sort()

/** The source file `@latch/core/<subpath>` resolves to under `latch-source`, as Node matches exports. */
function sourceOf(subpath: string): string | undefined {
  const key = `./${subpath}`
  const exact = manifest.exports[key]
  if (exact && typeof exact === 'object') return exact['latch-source']
  // Patterns: the longest prefix before the `*` wins, then the longest key.
  const patterns = Object.keys(manifest.exports)
    .filter((k) => k.includes('*'))
    .sort((a, b) => b.indexOf('*') - a.indexOf('*') || b.length - a.length)
  for (const pattern of patterns) {
    const [before, after] = pattern.split('*') as [string, string]
    if (!key.startsWith(before) || !key.endsWith(after) || key.length < pattern.length - 1) continue
    const match = key.slice(before.length, key.length - after.length)
    const target = manifest.exports[pattern] as Record<string, string>
    return target['latch-source']?.replace('*', match)
  }
  return undefined
}

describe('the chain families core lists (adapters/families.ts, FAMILY_RPC)', () => {
  it('are every family folder, each once, in both lists', () => {
    expect(familyFolders.length).toBeGreaterThanOrEqual(5)
    expect(FAMILY_RPC.map((rpc) => rpc.namespace).sort()).toEqual(familyFolders)
    expect([...chainNamespaces].sort()).toEqual(familyFolders)
    // The union (from rpcMethods.ts's declarations) is the list, checked when tests typecheck.
    expectTypeOf<(typeof chainNamespaces)[number]>().toEqualTypeOf<ChainNamespace>()
  })

  it('reach each test wallet as @latch/core/testing/<file>, so a new one needs no index line', async () => {
    const testingDir = path.join(packageDir, 'src/testing')
    const wallets = readdirSync(testingDir).filter((f) => /^\w+Wallet\.ts$/.test(f))
    expect(wallets.length).toBeGreaterThanOrEqual(4)
    for (const file of wallets) {
      const name = file.replace(/\.ts$/, '')
      expect(sourceOf(`testing/${name}`), name).toBe(`./src/testing/${file}`)
    }
    expect(sourceOf('testing')).toBe('./src/testing/index.ts')
    const cosmos = await import('@latch/core/testing/cosmosWallet')
    expect(Object.keys(cosmos).length).toBeGreaterThan(0)
  })

  it('are each reachable as @latch/core/<namespace> without a package.json line of their own', () => {
    for (const namespace of familyFolders) {
      expect(sourceOf(namespace), namespace).toBe(`./src/adapters/${namespace}/index.ts`)
      if (existsSync(path.join(adaptersDir, namespace, 'eager.ts')))
        expect(sourceOf(`${namespace}/adapter`), namespace).toBe(
          `./src/adapters/${namespace}/eager.ts`,
        )
    }
    // The names that predate the pattern still resolve where they did.
    expect(sourceOf('bitcoin')).toBe('./src/adapters/bip122/index.ts')
    expect(sourceOf('evm')).toBe('./src/adapters/eip155/index.ts')
    expect(sourceOf('polkadot/ss58')).toBe('./src/adapters/polkadot/ss58.ts')
  })

  it('resolve through the bundler as well', async () => {
    const cosmos = await import('@latch/core/cosmos')
    const eager = await import('@latch/core/cosmos/adapter')
    expect(typeof cosmos.createLazyCosmosAdapter).toBe('function')
    expect(Object.keys(eager).length).toBeGreaterThan(0)
  })
})
