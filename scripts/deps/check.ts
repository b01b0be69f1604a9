/**
 * `npm run check:deps`: every package a workspace imports must be declared in that workspace's
 * own package.json — hoisting makes an undeclared import work here and break for whoever installs
 * the workspace alone. Also lists declared packages no file imports (tools run by name, such as
 * biome or anvil, show there legitimately). Exits 1 when anything is undeclared.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { importedPackages, type Manifest, undeclared } from './imports.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const skip = new Set(['node_modules', 'dist', 'artifacts', '.data', 'coverage'])
const sourceFile = /\.(m?[jt]sx?)$/

function* files(dir: string, deep: boolean): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      // A template of another app (its manifest is package.template.json) declares its own deps.
      if (existsSync(path.join(full, 'package.template.json'))) continue
      if (deep) yield* files(full, deep)
    } else if (sourceFile.test(entry.name)) yield full
  }
}

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest & {
    workspaces?: string[]
  }

const rootManifest = readManifest(root)
// The root holds only its own config files; each workspace is checked on its own.
const targets = [
  { dir: root, deep: false },
  ...(rootManifest.workspaces ?? []).map((w) => ({ dir: path.join(root, w), deep: true })),
]

let problems = 0
for (const { dir, deep } of targets) {
  const manifest = readManifest(dir)
  const imported = new Map<string, string>()
  for (const file of files(dir, deep)) {
    for (const name of importedPackages(readFileSync(file, 'utf8')))
      if (!imported.has(name)) imported.set(name, path.relative(root, file))
  }
  const missing = undeclared(imported.keys(), manifest)
  const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  const unused = declared.filter((d) => !imported.has(d) && !d.startsWith('@types/'))
  const label = path.relative(root, dir) || '(root)'
  console.log(`${missing.length ? 'FAIL' : 'ok  '}  ${label}`)
  for (const name of missing)
    console.log(`        undeclared: ${name} (e.g. ${imported.get(name)})`)
  if (unused.length) console.log(`        not imported (tools or leftovers?): ${unused.join(', ')}`)
  problems += missing.length
}
process.exit(problems ? 1 : 0)
