import { builtinModules } from 'node:module'

const builtins = new Set(builtinModules)

// Static imports and re-exports (`import x from`, `import type`, `export … from`, side-effect
// `import 'x'`), dynamic `import('x')` and `require('x')`. Comments are stripped first so an
// example in a doc comment is not taken for a dependency.
const specifierPattern =
  /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,$]+?\s+from\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g

export function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** The npm package a bare specifier names, or undefined for relative paths and builtins. */
export function packageOf(specifier: string): string | undefined {
  if (/^[./#]/.test(specifier) || specifier.startsWith('node:')) return undefined
  if (/^[a-z]+:/.test(specifier)) return undefined // virtual:, data:, https:
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
  return builtins.has(name) ? undefined : name
}

export function importedPackages(source: string): Set<string> {
  const found = new Set<string>()
  for (const match of stripComments(source).matchAll(specifierPattern)) {
    const name = packageOf(match[1]!)
    if (name) found.add(name)
  }
  return found
}

export interface Manifest {
  name?: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

/** Packages imported but not declared by the workspace itself (its own name counts). */
export function undeclared(imported: Iterable<string>, manifest: Manifest): string[] {
  const declared = new Set([
    ...(manifest.name ? [manifest.name] : []),
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ])
  return [...imported].filter((name) => !declared.has(name)).sort()
}
