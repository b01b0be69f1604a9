import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// What an app pays for Cosmos, measured by bundling the way a bundler would (as bip122's
// exports.test.ts does): nothing without the subpath, discovery only until the first connect.
const packageDir = fileURLToPath(new URL('../../..', import.meta.url))

async function split(source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: packageDir, loader: 'ts' },
    bundle: true,
    splitting: true,
    minify: true,
    outdir: 'out',
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['latch-source'],
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const entryPath = Object.keys(outputs).find((path) => outputs[path]?.entryPoint) as string
  const entry = outputs[entryPath] as (typeof outputs)[string]
  const initialPaths = [
    entryPath,
    ...entry.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
  ]
  const gzip = (path: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(path.replace(/^out/, '')))
    return file ? gzipSync(file.contents).length : 0
  }
  return { outputs, initialPaths, gzip }
}

const withCode = (inputs: Record<string, { bytesInOutput: number }>) =>
  Object.entries(inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file)
const cosmjs = (files: string[]) => files.filter((f) => /@cosmjs\/|cosmjs-types/.test(f))

describe('@latch/core/cosmos in a bundle', () => {
  it('the root export carries no Cosmos adapter code, only the network data', async () => {
    const { outputs } = await split(
      "import * as core from '@latch/core'\nconsole.log(Object.keys(core).length)",
    )
    const files = Object.values(outputs).flatMap((o) => withCode(o.inputs))
    expect(files.filter((f) => f.includes('adapters/cosmos/'))).toEqual([
      expect.stringMatching(/adapters\/cosmos\/networks\.ts$/),
    ])
    expect(cosmjs(files)).toEqual([])
  })

  it('the lazy adapter starts with discovery only; cosmjs comes in a chunk of its own', async () => {
    const { outputs, initialPaths, gzip } = await split(
      "import { createLazyCosmosAdapter, cosmosDevNetwork } from '@latch/core/cosmos'\n" +
        'console.log(createLazyCosmosAdapter, cosmosDevNetwork)',
    )
    const initialFiles = initialPaths.flatMap((p) => withCode(outputs[p]?.inputs ?? {}))
    expect(cosmjs(initialFiles)).toEqual([])
    expect(initialFiles.some((f) => f.endsWith('cosmos/keplr.ts'))).toBe(true)
    const later = Object.keys(outputs).filter((p) => !initialPaths.includes(p))
    expect(later.some((p) => cosmjs(withCode(outputs[p]?.inputs ?? {})).length > 0)).toBe(true)
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    const page = initialPaths.reduce((sum, p) => sum + gzip(p), 0)
    const each = later.map(
      (p) => `${outputs[p]?.entryPoint?.split('/').pop() ?? 'shared'} ${kb(gzip(p))}`,
    )
    console.info(
      `cosmos chunk sizes (minified, gzip): with the page ${kb(page)}; loaded later ${each.join(', ')}`,
    )
  })
})
