import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api'
import { describe, expect, it } from 'vitest'
import config from '../../../drizzle.config.js'

// drizzle-kit generates migrations from the files its config names. A chain family's tables are
// found by a pattern (`chains/*/schema.ts`), not listed: these tests check that what the pattern
// reads is every table the server defines, and exactly what the migrations made.
const serverDir = fileURLToPath(new URL('../../..', import.meta.url))
const patterns = ([] as string[]).concat(config.schema ?? [])

/** The files a pattern names: `*` stands for one path segment, as drizzle-kit's glob reads it. */
function expand(pattern: string): string[] {
  let found = ['']
  for (const segment of path.normalize(pattern).split('/')) {
    if (!segment.includes('*')) {
      found = found.map((dir) => path.join(dir, segment))
      continue
    }
    const match = new RegExp(`^${segment.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`)
    found = found.flatMap((dir) =>
      statSync(path.join(serverDir, dir)).isDirectory()
        ? readdirSync(path.join(serverDir, dir)).flatMap((entry) =>
            match.test(entry) ? [path.join(dir, entry)] : [],
          )
        : [],
    )
  }
  return found.filter((file) => existsSync(path.join(serverDir, file)))
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(serverDir, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* sources(relative)
    else if (/\.ts$/.test(entry.name) && !/\.(test|int\.test)\.ts$/.test(entry.name)) yield relative
  }
}

describe("drizzle-kit's schema (drizzle.config.ts)", () => {
  const files = patterns.flatMap(expand)

  it("reads every chain family's tables through the pattern, and every file that defines a table", () => {
    expect(files).toContain('src/chains/eip155/schema.ts')
    expect(files.length).toBeGreaterThanOrEqual(4)
    const read = new Set<string>()
    // A file counts as read when drizzle-kit imports it, itself or through a re-export.
    const visit = (file: string) => {
      if (read.has(file)) return
      read.add(file)
      const source = readFileSync(path.join(serverDir, file), 'utf8')
      for (const [, target] of source.matchAll(/export \* from '(\.[^']+)\.js'/g))
        visit(path.join(path.dirname(file), `${target}.ts`))
    }
    for (const file of files) visit(file)
    const defining = [...sources('src')].filter((file) =>
      /\bpgTable\(/.test(readFileSync(path.join(serverDir, file), 'utf8')),
    )
    expect(defining.length).toBeGreaterThanOrEqual(8)
    expect(defining.filter((file) => !read.has(file))).toEqual([])
  })

  it('gives the tables the migrations made: generating now would write nothing', async () => {
    const imports: Record<string, unknown> = {}
    for (const file of files) Object.assign(imports, await import(path.join(serverDir, file)))
    const journal = JSON.parse(
      readFileSync(path.join(serverDir, 'drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: Array<{ idx: number }> }
    const last = String(journal.entries.at(-1)!.idx).padStart(4, '0')
    const previous = JSON.parse(
      readFileSync(path.join(serverDir, `drizzle/meta/${last}_snapshot.json`), 'utf8'),
    ) as Parameters<typeof generateMigration>[0]
    const current = generateDrizzleJson(imports, previous.id)
    expect(Object.keys(current.tables).length).toBe(Object.keys(previous.tables).length)
    expect(await generateMigration(previous, current)).toEqual([])
  })
})
