/**
 * The chain-family seam, checked: no source file names a namespace ('eip155', 'solana', …) outside
 * that family's own folders, except the registration lines listed below. Adding a chain family then
 * means adding folders and one line per package (docs/adding-a-chain.md), never editing shared code.
 * Tests, fixtures and dev tools (scripts/, e2e/) may name any namespace. Run by `npm test`'s lint step.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** CAIP-2 namespaces Latch knows or plans, and the folder names their families use. */
export const NAMESPACES = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'] as const
const FAMILY_FOLDERS = new Set<string>([...NAMESPACES, 'evm', 'bitcoin'])

/**
 * Files allowed to name namespaces, each with the reason. Keep this list short: every entry is a
 * place a new chain family must edit.
 */
export const REGISTRATIONS: Record<string, string> = {
  'packages/core/src/adapters/families.ts':
    "core's list of namespaces as data (the root's isChainNamespace reads it)",
}

/** A quoted namespace, alone or as a CAIP-2 prefix: 'solana', "eip155:1", `bip122:${ref}`. */
const NAMED = new RegExp(`(['"\`])(${NAMESPACES.join('|')})(\\1|:)`)
const SOURCE = /\.tsx?$/
const NOT_SHIPPED = /\.(test|spec|testing|fuzz\.test|int\.test)\.tsx?$|\.d\.ts$/
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'testing', 'fixtures', '__fixtures__'])

export interface Finding {
  file: string
  line: number
  text: string
}

/** The lines of one file that name a namespace, when the file's place does not allow it. */
export function findingsIn(file: string, source: string): Finding[] {
  const segments = file.split('/')
  if (segments.some((segment) => FAMILY_FOLDERS.has(segment))) return []
  if (NOT_SHIPPED.test(file) || file in REGISTRATIONS) return []
  return source.split('\n').flatMap((text, index) => {
    const trimmed = text.trim()
    // Comments may explain a namespace; only code can compare one.
    if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return []
    return NAMED.test(text) ? [{ file, line: index + 1, text: trimmed }] : []
  })
}

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')) continue
    const relative = `${dir}/${entry.name}`
    if (entry.isDirectory()) yield* sourceFiles(root, relative)
    else if (SOURCE.test(entry.name)) yield relative
  }
}

/** Every finding in the shipped sources of packages/* and apps/*. */
export function scan(root: string): Finding[] {
  const findings: Finding[] = []
  for (const group of ['packages', 'apps']) {
    for (const workspace of readdirSync(path.join(root, group))) {
      const src = `${group}/${workspace}/src`
      if (!readdirSync(path.join(root, group, workspace)).includes('src')) continue
      for (const file of sourceFiles(root, src))
        findings.push(...findingsIn(file, readFileSync(path.join(root, file), 'utf8')))
    }
  }
  return findings
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const findings = scan(root)
  const files = new Set(findings.map((f) => f.file))
  for (const f of findings) console.log(`${f.file}:${f.line}  ${f.text}`)
  console.log(
    findings.length
      ? `namespaces: ${files.size} file(s) name a chain namespace outside its family folders — move ` +
          'the code into the family (docs/adding-a-chain.md) or, for a registration line, list it ' +
          'in scripts/lint/namespaces.ts'
      : 'namespaces: every namespace is named only in its family folders and the registrations',
  )
  process.exit(findings.length ? 1 : 0)
}
