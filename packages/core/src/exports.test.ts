import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

// Bundles a tiny app the way a bundler would and lists which packages end up in it, so that
// "the root export never pulls in wagmi" is checked, not just promised.
const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** `withCode`: only the inputs that put bytes into the bundle, not those tree-shaken away. */
async function bundledPackages(source: string, { withCode = false } = {}): Promise<string[]> {
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
  return Object.entries(output.inputs)
    .filter(([, input]) => !withCode || input.bytesInOutput > 0)
    .map(([file]) => file)
}

/** The same app built with code splitting: its entry chunk and every chunk a dynamic import makes. */
async function splitBuild(source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: packageDir, loader: 'ts' },
    bundle: true,
    splitting: true,
    outdir: 'out',
    write: false,
    format: 'esm',
    platform: 'browser',
    conditions: ['latch-source'],
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = Object.values(result.metafile.outputs)
  return { entry: outputs.find((o) => o.entryPoint)!, outputs }
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

  it('the rpc-methods subpath is its own plain data: nothing else of core, no dependency', async () => {
    const inputs = await bundledPackages(
      "import { EIP155_RPC_METHODS, SOLANA_RPC_METHODS } from '@latch/core/rpc-methods'\n" +
        'console.log(EIP155_RPC_METHODS, SOLANA_RPC_METHODS)',
      { withCode: true },
    )
    expect(
      inputs.filter(
        (i) =>
          i !== '<stdin>' &&
          !/adapters\/(rpcMethods|shared\/rpcMethod|\w+\/rpcMethods)\.ts$/.test(i),
      ),
    ).toEqual([])
  })

  it('the evm subpath brings wagmi in', async () => {
    const inputs = await bundledPackages(
      "import { createEvmAdapter } from '@latch/core/evm'\nconsole.log(createEvmAdapter)",
    )
    expect(inputs.some((i) => i.includes('@wagmi/core'))).toBe(true)
  })

  it('the walletconnect subpath keeps the WalletConnect SDK out of the bundle until connect', async () => {
    const { entry, outputs } = await splitBuild(
      "import { walletConnect } from '@latch/core/walletconnect'\nconsole.log(walletConnect)",
    )
    const sdk = (inputs: Record<string, unknown>) =>
      Object.keys(inputs).filter((i) => i.includes('@walletconnect/'))
    expect(sdk(entry.inputs)).toEqual([])
    // It is there, in a chunk of its own that `connect` imports.
    expect(outputs.some((o) => sdk(o.inputs).length > 0)).toBe(true)
  })

  it('the root export links a pairing without the WalletConnect SDK', async () => {
    const inputs = await bundledPackages(
      "import { walletConnectLink } from '@latch/core'\nconsole.log(walletConnectLink)",
    )
    expect(inputs.filter((i) => i.includes('@walletconnect/') || i.includes('@wagmi'))).toEqual([])
  })

  it('the root export bundles no Solana code, the Solana network data aside', async () => {
    const inputs = await bundledPackages(
      "import { createController, solanaLocalnet, solanaNetworks } from '@latch/core'\n" +
        'console.log(createController, solanaLocalnet, solanaNetworks)',
    )
    expect(inputs.filter((i) => i.includes('@solana') || i.includes('@wallet-standard'))).toEqual(
      [],
    )
  })

  it('the lazy Solana adapter starts with wallet discovery only; @solana/kit waits for connect', async () => {
    const { entry, outputs } = await splitBuild(
      "import { createLazySolanaAdapter } from '@latch/core/solana'\nconsole.log(createLazySolanaAdapter)",
    )
    const kit = (inputs: Record<string, unknown>) =>
      Object.keys(inputs).filter((i) => i.includes('@solana/') || i.includes('@solana-program/'))
    expect(kit(entry.inputs)).toEqual([])
    expect(outputs.some((o) => kit(o.inputs).length > 0)).toBe(true)
  })

  it('the multichain subpath is its own: the root export carries none of it, and it carries nothing else', async () => {
    const root = await bundledPackages(
      "import * as core from '@latch/core'\nconsole.log(Object.keys(core).length)",
      { withCode: true },
    )
    expect(root.length).toBeGreaterThan(10)
    expect(root.filter((file) => file.endsWith('multiChain.ts'))).toEqual([])
    const own = await bundledPackages(
      "import { groupMultiChainConnectors } from '@latch/core/multichain'\nconsole.log(groupMultiChainConnectors)",
      { withCode: true },
    )
    expect(own.filter((file) => file !== '<stdin>')).toEqual([
      expect.stringMatching(/src\/stores\/multiChain\.ts$/),
    ])
  })
})
