/**
 * How many existing files a chain family reaches outside its own folders: the measure of the
 * chain-family seam (docs/adding-a-chain.md). Not a check that fails (scripts/lint/namespaces.ts
 * is): it prints numbers.
 *
 *   npx tsx scripts/lint/family-touch.ts [namespace…] [--list] [--root <checkout>]
 *
 * For each family it counts the files that name it in code (comments left out) although they are
 * not the family's own: a file is the family's own when a folder or the file's name says so
 * (`adapters/cosmos/`, `scripts/cosmos/`, `families/cosmos.ts`, `phoneWalletCosmos.ts`,
 * `cosmos.spec.ts`). Two ways of naming count:
 *  - a namespace string: 'cosmos' alone or as a CAIP-2 prefix ("cosmos:…"), as the lint finds;
 *  - any wiring: the family's word anywhere in code (imports such as `@latch/core/cosmos`,
 *    `createLazyCosmosAdapter`, `LATCH_COSMOS_RPC_PORT`).
 * Each count is split into shipped sources, tests, dev tooling (scripts/, e2e/) and package
 * manifests, since what a new family must edit is what the shipped sources and manifests name.
 * The family's own registration lines (the per-package lists) are counted: they are the files a
 * new family touches by design, one per package.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Each namespace with the words its files and code use for it. */
export const FAMILIES: Record<string, readonly string[]> = {
  eip155: ['eip155', 'evm'],
  solana: ['solana'],
  bip122: ['bip122', 'bitcoin'],
  cosmos: ['cosmos'],
  polkadot: ['polkadot'],
}

/**
 * The files a new family edits by design: its registration in each package (docs/adding-a-chain.md
 * "What a new family edits"). Everything else it reaches outside its folders is counted apart as
 * "beyond the registrations", the number this seam aims to keep at zero.
 */
export const REGISTRATION_FILES: ReadonlySet<string> = new Set([
  // core: the plain-data list (namespaces, networks) and the RPC list, apart for the first chunk.
  'packages/core/src/adapters/families.ts',
  'packages/core/src/adapters/rpcMethods.ts',
  'apps/web/src/families/index.ts',
  'apps/server/src/chains/index.ts',
  // frame: only a family with an embedded-wallet signer (and its page connector).
  'packages/frame/src/app/signers/index.ts',
  'packages/frame/src/connector/namespaces.ts',
  'scripts/families.ts',
])

const GROUPS = ['packages', 'apps', 'scripts', 'e2e'] as const
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts', 'test-results', 'coverage'])
// The seam's own tooling lists every namespace by design.
const TOOLING = /^scripts\/lint\//
const SOURCE = /\.(tsx?|mts|cts|mjs|cjs)$/
const TEST = /\.(test|spec|int\.test|fuzz\.test)\.tsx?$/

export type Kind = 'shipped' | 'test' | 'dev' | 'manifest'

export interface Touch {
  file: string
  kind: Kind
  /** It names the namespace as a string ('cosmos', "cosmos:…"). */
  string: boolean
}

/** Whether `file` is the family's own (a folder or its name carries one of the family's words). */
export function isOwn(file: string, words: readonly string[]): boolean {
  const lower = file.toLowerCase()
  return lower.split('/').some((segment) => words.some((word) => segment.includes(word)))
}

export function kindOf(file: string): Kind {
  if (file.endsWith('package.json')) return 'manifest'
  if (TEST.test(file) || file.split('/').includes('testing')) return 'test'
  if (file.startsWith('scripts/') || file.startsWith('e2e/')) return 'dev'
  return 'shipped'
}

/** The source without its comments (line comments, block comments), roughly: strings stay. */
export function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, ''))
    .join('\n')
}

/** How one file names the family, if at all and if the file is not the family's own. */
export function touchOf(file: string, source: string, namespace: string): Touch | undefined {
  const words = FAMILIES[namespace] ?? [namespace]
  if (isOwn(file, words) || TOOLING.test(file)) return undefined
  const code = file.endsWith('.json') ? source : codeOf(source)
  const string = new RegExp(`(['"\`])${namespace}(\\1|:)`).test(code)
  const wired = new RegExp(words.join('|'), 'i').test(code)
  return string || wired ? { file, kind: kindOf(file), string } : undefined
}

function* files(root: string, dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue
    const relative = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* files(root, relative)
    else if (SOURCE.test(entry.name) || entry.name === 'package.json') yield relative
  }
}

/** Every file of the repository's workspaces (packages, apps, scripts, e2e) and the root manifest. */
export function repositoryFiles(root: string): string[] {
  return ['package.json', ...GROUPS.flatMap((group) => [...files(root, group)])]
}

export function touches(root: string, namespace: string): Touch[] {
  return repositoryFiles(root).flatMap((file) => {
    const touch = touchOf(file, readFileSync(path.join(root, file), 'utf8'), namespace)
    return touch ? [touch] : []
  })
}

/** Shipped sources, manifests and dev tooling outside the registrations: what a family must edit. */
export function beyondRegistrations(list: Touch[]): Touch[] {
  return list.filter((t) => t.kind !== 'test' && !REGISTRATION_FILES.has(t.file))
}

function summary(list: Touch[]): string {
  const count = (kind: Kind) => list.filter((t) => t.kind === kind).length
  return `${list.length} (shipped ${count('shipped')}, manifests ${count('manifest')}, tests ${count('test')}, dev ${count('dev')})`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const list = args.includes('--list')
  // --root <dir>: another checkout (an older commit's worktree), to compare.
  const rootAt = args.indexOf('--root')
  const root =
    rootAt >= 0
      ? path.resolve(args[rootAt + 1] ?? '.')
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  const asked = args.filter((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1))
  for (const namespace of asked.length ? asked : Object.keys(FAMILIES)) {
    const found = touches(root, namespace)
    const strings = found.filter((t) => t.string)
    console.log(`${namespace}: files outside its own folders`)
    console.log(`  naming it as a string: ${summary(strings)}`)
    console.log(`  wiring it at all:      ${summary(found)}`)
    const registered = found.filter((t) => REGISTRATION_FILES.has(t.file)).length
    const beyond = beyondRegistrations(found)
    console.log(`  registrations: ${registered}; beyond them, tests aside: ${summary(beyond)}`)
    if (list)
      for (const t of found)
        console.log(
          `    ${t.kind.padEnd(8)} ${t.string ? 'string' : '      '} ${REGISTRATION_FILES.has(t.file) ? 'reg' : '   '} ${t.file}`,
        )
  }
}
