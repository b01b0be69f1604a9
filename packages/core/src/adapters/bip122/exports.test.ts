import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// What an app pays for Bitcoin, measured by bundling the way a bundler would (as exports.test.ts
// does for the root and Solana): nothing without the subpath, discovery only until first use.
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
  // What loads with the page: the entry and the chunks it imports statically.
  const initial = [
    entry,
    ...entry.imports.filter((i) => i.kind === 'import-statement').map((i) => outputs[i.path]),
  ].filter((o) => o !== undefined)
  return { initial, outputs: Object.values(outputs) }
}

const withCode = (inputs: Record<string, { bytesInOutput: number }>) =>
  Object.entries(inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => file)
// btc-signer and the @noble/curves 2 it brings (viem's own @noble/curves 1 is not Bitcoin's).
const bitcoinLibraries = (files: string[]) =>
  files.filter((f) => /@scure\/btc-signer|core\/node_modules\/@noble|@scure\/bip/.test(f))

describe('@latch/core/bitcoin in a bundle', () => {
  it('the root export carries no Bitcoin adapter code, only the network data', async () => {
    const { outputs } = await split(
      "import * as core from '@latch/core'\nconsole.log(Object.keys(core).length)",
    )
    const files = outputs.flatMap((o) => withCode(o.inputs))
    expect(files.filter((f) => f.includes('adapters/bip122/'))).toEqual([
      expect.stringMatching(/adapters\/bip122\/networks\.ts$/),
    ])
    expect(bitcoinLibraries(files)).toEqual([])
  })

  it('the lazy adapter starts with discovery only; btc-signer comes in a chunk of its own', async () => {
    const { initial, outputs } = await split(
      "import { createLazyBitcoinAdapter, bitcoinRegtest } from '@latch/core/bitcoin'\n" +
        'console.log(createLazyBitcoinAdapter, bitcoinRegtest)',
    )
    const initialFiles = initial.flatMap((o) => withCode(o.inputs))
    expect(bitcoinLibraries(initialFiles)).toEqual([])
    expect(initialFiles.some((f) => f.endsWith('bip122/walletStandard.ts'))).toBe(true)
    const lazy = outputs.filter(
      (o) => !initial.includes(o) && bitcoinLibraries(withCode(o.inputs)).length > 0,
    )
    expect(lazy.length).toBeGreaterThan(0)
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    const page = initial.reduce((sum, o) => sum + o.bytes, 0)
    const later = outputs.filter((o) => !initial.includes(o))
    console.info(
      `bitcoin chunk sizes (minified, not gzipped): with the page ${kb(page)}; loaded later ` +
        later.map((o) => `${o.entryPoint?.split('/').pop() ?? 'shared'} ${kb(o.bytes)}`).join(', '),
    )
  })
})
