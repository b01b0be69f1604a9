import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// Bundles a tiny app the way a bundler would and lists which packages end up in it, so that
// "the root export never pulls in wagmi" is checked, not just promised.
const packageDir = fileURLToPath(new URL('..', import.meta.url))

async function bundledPackages(source: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: source, resolveDir: packageDir, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['latch-source'],
    metafile: true,
    logLevel: 'silent',
  })
  const output = Object.values(result.metafile.outputs)[0]!
  return Object.keys(output.inputs)
}

describe('package exports', () => {
  it('the root export bundles neither wagmi nor React', async () => {
    const inputs = await bundledPackages(
      "import { createController, createStores, ethereumNetwork } from '@latch/core'\n" +
        'console.log(createController, createStores, ethereumNetwork)',
    )
    expect(inputs.filter((i) => i.includes('@wagmi') || i.includes('mipd'))).toEqual([])
    expect(inputs.filter((i) => /node_modules\/react/.test(i))).toEqual([])
    // The registry is plain data: no viem chain definition (nor its formatters) is bundled.
    expect(inputs.filter((i) => i.includes('viem/_esm/chains/'))).toEqual([])
  })

  it('the evm subpath brings wagmi in', async () => {
    const inputs = await bundledPackages(
      "import { createEvmAdapter } from '@latch/core/evm'\nconsole.log(createEvmAdapter)",
    )
    expect(inputs.some((i) => i.includes('@wagmi/core'))).toBe(true)
  })
})
