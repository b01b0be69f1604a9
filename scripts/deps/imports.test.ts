import { describe, expect, it } from 'vitest'
import { importedPackages, packageOf, undeclared } from './imports.js'

// Fixtures spell the keywords with a placeholder, so the dependency check does not read this
// file as importing the packages they name.
const code = (source: string) =>
  source
    .replaceAll('IMPORT', 'import')
    .replaceAll('EXPORT', 'export')
    .replaceAll('REQUIRE', 'require')

describe('importedPackages', () => {
  it('finds every import form and names the package, not the subpath', () => {
    const source = code(`
IMPORT { a } from 'viem'
IMPORT type { B } from '@wagmi/core/chains'
IMPORT * as c from "zustand/vanilla"
IMPORT 'postal-mime'
EXPORT { d } from '@latch/core'
EXPORT type { E } from 'fastify'
const f = await IMPORT('vite')
const g = REQUIRE('pg')
IMPORT {
  h,
  i,
} from 'drizzle-orm/pg-core'
`)
    expect([...importedPackages(source)].sort()).toEqual([
      '@latch/core',
      '@wagmi/core',
      'drizzle-orm',
      'fastify',
      'pg',
      'postal-mime',
      'viem',
      'vite',
      'zustand',
    ])
  })

  it('ignores relative paths, builtins and commented-out imports', () => {
    const source = code(`
IMPORT path from 'node:path'
IMPORT fs from 'fs'
IMPORT { x } from './x.js'
IMPORT { y } from '../y'
// IMPORT { z } from 'left-pad'
/* IMPORT { w } from 'is-odd' */
const url = 'https://example.test' // not a comment start inside the string
`)
    expect([...importedPackages(source)]).toEqual([])
  })
})

describe('packageOf', () => {
  it('maps specifiers to package names', () => {
    expect(packageOf('@scope/pkg/sub/path')).toBe('@scope/pkg')
    expect(packageOf('pkg/sub')).toBe('pkg')
    expect(packageOf('node:fs')).toBeUndefined()
    expect(packageOf('child_process')).toBeUndefined()
    expect(packageOf('virtual:latch')).toBeUndefined()
  })
})

describe('undeclared', () => {
  it('accepts any dependency field and the package itself', () => {
    const manifest = {
      name: '@latch/core',
      dependencies: { viem: '2' },
      devDependencies: { vitest: '4' },
      peerDependencies: { react: '18' },
    }
    expect(
      undeclared(['viem', 'vitest', 'react', '@latch/core', 'zod', 'esbuild'], manifest),
    ).toEqual(['esbuild', 'zod'])
  })
})
