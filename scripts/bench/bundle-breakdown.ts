/**
 * Where the web app's start-up bytes go (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/bundle-breakdown.ts [--top 40] [--with Modal,networkImage]
 *     [--why viem/_esm/zksync] [--per-chunk 8]
 *
 * Builds apps/web for production with source maps and a manifest into a temp dir. The start-up set is
 * the entry chunk, its static imports, and the chunks named by `--with` (the modal is prefetched at
 * idle, so it counts in web-budget.ts). Each minified byte is attributed, through the source map, to
 * the module it came from; a module's gzip share is its code gzipped alone, scaled so the shares add up
 * to the chunk's real gzip size (level 9, as web-budget.ts measures). Shares are estimates: gzip
 * compresses across module boundaries, so read them as "which module weighs more", not exact bytes.
 * `--why <part of a path>` prints, for the first modules whose id contains it, the static import chain
 * from the entry that brings it in (the answer to "who pulls this in?"). `--per-chunk <n>` lists each
 * start-up chunk's n heaviest modules under it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webDir = path.join(root, 'apps/web')
const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const top = Number(arg('--top')) || 40
const withNames = (arg('--with') ?? 'Modal,networkImage').split(',').filter(Boolean)
const why = arg('--why')
const perChunk = Number(arg('--per-chunk')) || 0

interface ManifestEntry {
  file: string
  name?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

interface SourceMap {
  sources: string[]
  mappings: string
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const b64Value = new Map([...B64].map((c, i) => [c, i]))

/** Decodes a source map's `mappings` into, per generated line, [column, source index] pairs. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = []
  let source = 0
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = []
    let column = 0
    for (const segment of line.split(',')) {
      if (!segment) continue
      const fields: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = b64Value.get(char) ?? 0
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0] ?? 0
      if (fields.length >= 4) {
        source += fields[1] ?? 0
        segments.push([column, source])
      } else segments.push([column, -1])
    }
    lines.push(segments)
  }
  return lines
}

/** Module → its minified code in this chunk (the generated ranges the map gives it). */
function attribute(code: string, map: SourceMap): Map<string, string> {
  const parts = new Map<string, string[]>()
  const add = (name: string, text: string) => {
    if (!text) return
    const list = parts.get(name)
    if (list) list.push(text)
    else parts.set(name, [text])
  }
  const codeLines = code.split('\n')
  const mapped = decodeMappings(map.mappings)
  // A line without a mapping at its start continues the previous token (a multi-line template
  // literal such as a stylesheet string), so it belongs to the module that token came from.
  let current = map.sources.length ? '(unmapped)' : '(runtime)'
  codeLines.forEach((line, i) => {
    const segments = mapped[i] ?? []
    add(current, line.slice(0, segments[0]?.[0] ?? line.length))
    segments.forEach(([column, source], j) => {
      const end = segments[j + 1]?.[0] ?? line.length
      current = source >= 0 ? (map.sources[source] ?? '(unmapped)') : '(unmapped)'
      add(current, line.slice(column, end))
    })
  })
  return new Map([...parts].map(([name, list]) => [name, list.join('\n')]))
}

/** A readable module name: the path inside its package, or inside the repo. */
function moduleName(source: string, chunkDir: string): string {
  if (source.startsWith('(')) return source
  const abs = path.resolve(chunkDir, source)
  const nm = abs.lastIndexOf('node_modules/')
  if (nm >= 0) return abs.slice(nm + 'node_modules/'.length)
  return path.relative(root, abs)
}

/** The package a module belongs to: an npm package or a workspace (`@latch/core`, `apps/web`). */
function packageName(name: string): string {
  if (name.startsWith('(')) return name
  if (name.startsWith('packages/')) return `@latch/${name.split('/')[1]}`
  if (name.startsWith('apps/')) return name.split('/').slice(0, 2).join('/')
  const parts = name.split('/')
  return name.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? name)
}

/** Records who imports whom, so `--why` can walk back from a module to the entry. */
function moduleGraph(graph: Map<string, string[]>): Plugin {
  return {
    name: 'latch-bundle-breakdown-graph',
    generateBundle() {
      for (const id of this.getModuleIds())
        graph.set(id, [...(this.getModuleInfo(id)?.importers ?? [])])
    },
  }
}

/** The shortest static import chain from an entry (a module nobody imports) to `target`. */
function importChain(graph: Map<string, string[]>, target: string): string[] {
  const seen = new Map<string, string | undefined>([[target, undefined]])
  const queue = [target]
  while (queue.length) {
    const id = queue.shift() as string
    const importers = graph.get(id) ?? []
    if (!importers.length) {
      const chain = [id]
      for (let next = seen.get(id); next; next = seen.get(next)) chain.push(next)
      return chain
    }
    for (const importer of importers)
      if (!seen.has(importer)) {
        seen.set(importer, id)
        queue.push(importer)
      }
  }
  return [target]
}

function printWhy(graph: Map<string, string[]>, part: string) {
  const ids = [...graph.keys()].filter((id) => id.includes(part)).slice(0, 5)
  if (!ids.length) console.log(`\nno module in the build matches ${part}`)
  for (const id of ids) {
    console.log(`\nwhy ${moduleName(id, root)}:`)
    for (const step of importChain(graph, id)) console.log(`  ← ${moduleName(step, root)}`)
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KiB`

async function main() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'latch-bundle-breakdown-'))
  try {
    const graph = new Map<string, string[]>()
    await build({
      root: webDir,
      plugins: [moduleGraph(graph)],
      configFile: path.join(webDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: true, manifest: true },
    })
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestEntry>
    const startup = new Set<string>()
    const visit = (key: string) => {
      if (startup.has(key)) return
      startup.add(key)
      for (const dep of manifest[key]?.imports ?? []) visit(dep)
    }
    const entries = Object.entries(manifest)
    for (const [key, entry] of entries) if (entry.isEntry) visit(key)
    for (const [key, entry] of entries)
      if (withNames.some((n) => entry.name === n || key.endsWith(`/${n}.tsx`))) visit(key)

    const modules = new Map<string, { raw: number; gzip: number }>()
    console.log('start-up chunks (gzip level 9):')
    let total = 0
    for (const key of startup) {
      const file = manifest[key]?.file
      if (!file?.endsWith('.js')) continue
      const full = path.join(outDir, file)
      const code = readFileSync(full, 'utf8')
      // The bundler's own runtime chunk has no map: it is one "module".
      const map: SourceMap = existsSync(`${full}.map`)
        ? JSON.parse(readFileSync(`${full}.map`, 'utf8'))
        : { sources: [], mappings: '' }
      const gzip = gzipSync(code, { level: 9 }).length
      total += gzip
      console.log(`  ${file.padEnd(44)} ${kib(gzip)}`)
      const parts = [...attribute(code, map)].map(([source, text]) => ({
        name: moduleName(source, path.dirname(full)),
        raw: Buffer.byteLength(text),
        gzip: gzipSync(text, { level: 9 }).length,
      }))
      const alone = parts.reduce((sum, p) => sum + p.gzip, 0)
      for (const p of [...parts].sort((a, b) => b.gzip - a.gzip).slice(0, perChunk))
        console.log(`      ${p.name.padEnd(68)} ${kib((p.gzip * gzip) / alone)}`)
      for (const p of parts) {
        const m = modules.get(p.name) ?? { raw: 0, gzip: 0 }
        m.raw += p.raw
        m.gzip += (p.gzip * gzip) / alone
        modules.set(p.name, m)
      }
    }
    console.log(`  ${'total'.padEnd(44)} ${kib(total)}\n`)

    const packages = new Map<string, { raw: number; gzip: number; count: number }>()
    for (const [name, m] of modules) {
      const p = packages.get(packageName(name)) ?? { raw: 0, gzip: 0, count: 0 }
      p.raw += m.raw
      p.gzip += m.gzip
      p.count += 1
      packages.set(packageName(name), p)
    }
    console.log('by package (gzip share, minified raw, modules):')
    for (const [name, p] of [...packages].sort((a, b) => b[1].gzip - a[1].gzip))
      console.log(`  ${name.padEnd(44)} ${kib(p.gzip)} ${kib(p.raw)}  ${p.count}`)

    console.log(`\ntop ${top} modules (gzip share, minified raw):`)
    for (const [name, m] of [...modules].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, top))
      console.log(`  ${name.padEnd(72)} ${kib(m.gzip)} ${kib(m.raw)}`)
    if (why) printWhy(graph, why)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
