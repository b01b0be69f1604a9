import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// What an app pays for Polkadot, measured by bundling the way a bundler would (as the Bitcoin and
// root exports tests do): nothing without the subpath, discovery and SS58 only until first use.
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
  const initial = [
    entry,
    ...entry.imports.filter((i) => i.kind === 'import-statement').map((i) => outputs[i.path]),
  ].filter((o) => o !== undefined)
  const gzip = (path: string) =>
    gzipSync(result.outputFiles.find((f) => f.path.endsWith(path))?.contents ?? new Uint8Array())
      .length
  return { initial, outputs: Object.entries(outputs), gzip }
}

const withCode = (inputs: Record<string, { bytesInOutput: number }>) =>
  Object.entries(inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file)
const polkadotLibraries = (files: string[]) => files.filter((f) => f.includes('@polkadot/'))

describe('@latch/core/polkadot in a bundle', () => {
  it('the root export carries no Polkadot adapter code, only the network data', async () => {
    const { outputs } = await split(
      "import * as core from '@latch/core'\nconsole.log(Object.keys(core).length)",
    )
    const files = outputs.flatMap(([, o]) => withCode(o.inputs))
    expect(files.filter((f) => f.includes('adapters/polkadot/'))).toEqual([
      expect.stringMatching(/adapters\/polkadot\/networks\.ts$/),
    ])
    expect(polkadotLibraries(files)).toEqual([])
  })

  it('the lazy adapter starts with discovery only; @polkadot/api comes in a chunk of its own', async () => {
    const { initial, outputs, gzip } = await split(
      "import { createLazyPolkadotAdapter, createPolkadotDevNetwork } from '@latch/core/polkadot'\n" +
        'console.log(createLazyPolkadotAdapter, createPolkadotDevNetwork)',
    )
    const initialFiles = initial.flatMap((o) => withCode(o.inputs))
    expect(polkadotLibraries(initialFiles)).toEqual([])
    expect(initialFiles.some((f) => f.endsWith('polkadot/extensions.ts'))).toBe(true)
    const later = outputs.filter(([, o]) => !initial.includes(o))
    expect(later.some(([, o]) => polkadotLibraries(withCode(o.inputs)).length > 0)).toBe(true)
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    const page = outputs.filter(([, o]) => initial.includes(o))
    console.info(
      `polkadot chunk sizes (minified, gzip): with the page ${page.map(([p]) => kib(gzip(p))).join(' + ')}; loaded later ${later.map(([p, o]) => `${o.entryPoint?.split('/').pop() ?? 'shared'} ${kib(gzip(p))}`).join(', ')}`,
    )
  })
})
