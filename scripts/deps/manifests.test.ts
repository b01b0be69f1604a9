import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importedPackages } from './imports.js'

// The published libraries' manifests against their code: what ships imports only what it
// declares, declares nothing it does not import, and shares viem and wagmi with the dapp.
const packagesDir = fileURLToPath(new URL('../../packages', import.meta.url))
const rootManifest = JSON.parse(readFileSync(path.join(packagesDir, '../package.json'), 'utf8'))

interface Manifest {
  name: string
  private?: boolean
  license?: string
  files?: string[]
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  devDependencies?: Record<string, string>
}

const isTest = (file: string) => /\.(test|int\.test|testing)\.tsx?$|\.test\.tsx?$/.test(file)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

function packagesImported(files: string[]): Set<string> {
  const names = new Set<string>()
  for (const file of files)
    for (const name of importedPackages(readFileSync(file, 'utf8'))) names.add(name)
  return names
}

// What each library's built output contains: the frame app (src/app) is bundled into dist/app
// by Vite, so its imports are build-time only.
const libraries = [
  { dir: 'core', shipped: ['src'] },
  { dir: 'react', shipped: ['src'] },
  { dir: 'frame', shipped: ['src/client', 'src/connector', 'src/protocol'] },
]

describe.each(libraries)('@latch/$dir manifest', ({ dir, shipped }) => {
  const root = path.join(packagesDir, dir)
  const manifest: Manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const runtime = {
    ...manifest.dependencies,
    ...manifest.peerDependencies,
  }
  const all = sourceFiles(path.join(root, 'src'))
  const shippedFiles = shipped
    .flatMap((folder) => sourceFiles(path.join(root, folder)))
    .filter((file) => !isTest(file))
  const self = (name: string) => name === manifest.name

  it('is publishable under the MIT license', () => {
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    expect(manifest.files).toContain('dist')
    expect(readFileSync(path.join(root, 'LICENSE'), 'utf8')).toContain('MIT License')
  })

  it('declares every package its shipped code imports, as a dependency or a peer', () => {
    const missing = [...packagesImported(shippedFiles)].filter(
      (name) => !self(name) && !(name in runtime),
    )
    expect(missing).toEqual([])
  })

  it('declares no dependency that nothing imports', () => {
    const used = packagesImported(shippedFiles)
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => !used.has(name))).toEqual([])
  })

  it('finds everything its tests import in its own or the root devDependencies', () => {
    const declared = { ...runtime, ...manifest.devDependencies, ...rootManifest.devDependencies }
    const missing = [...packagesImported(all)].filter(
      (name) => !self(name) && !(name in declared) && !name.startsWith('@latch/'),
    )
    expect(missing).toEqual([])
  })

  it('takes viem, wagmi and React as peers with ranges, never as pinned dependencies', () => {
    for (const name of ['viem', '@wagmi/core', 'react', 'react-dom'])
      expect(manifest.dependencies?.[name], name).toBeUndefined()
    for (const range of Object.values(manifest.peerDependencies ?? {}))
      expect(range).toMatch(/^(\^|>=)/)
  })
})
