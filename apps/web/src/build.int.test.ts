import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = mkdtempSync(path.join(tmpdir(), 'latch-web-build-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

describe('the production build of the web app', () => {
  it('publishes no source maps and points to none', async () => {
    await build({ root: webDir, logLevel: 'silent', build: { outDir, emptyOutDir: true } })
    const files = filesUnder(outDir)
    expect(files.some((file) => file.endsWith('.js'))).toBe(true)
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
    for (const file of files.filter((f) => /\.(js|css)$/.test(f)))
      expect(readFileSync(file, 'utf8'), file).not.toContain('sourceMappingURL')
  }, 120_000)
})
