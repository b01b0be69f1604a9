import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Hex } from 'viem'

/**
 * Creation code of Uniswap V2 as its authors published it (pinned in scripts/package.json), never
 * rebuilt: the router computes pair addresses from a hard-coded hash of the pair's creation code,
 * so only the published factory's pairs are the ones the published router finds.
 */
const require = createRequire(import.meta.url)

export class DexArtifactError extends Error {
  override name = 'DexArtifactError'
}

function creationCode(specifier: string): Hex {
  let file: string
  try {
    file = require.resolve(specifier)
  } catch (error) {
    throw new DexArtifactError(`${specifier} is not installed: run npm install`, { cause: error })
  }
  const { bytecode } = JSON.parse(readFileSync(file, 'utf8')) as { bytecode?: unknown }
  // The Uniswap builds write the code without its 0x.
  const hex = typeof bytecode === 'string' ? bytecode.replace(/^0x/, '') : ''
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex))
    throw new DexArtifactError(`${specifier} holds no creation code`)
  return `0x${hex}`
}

export const dexCreationCode = {
  weth9: () => creationCode('@uniswap/v2-periphery/build/WETH9.json'),
  factory: () => creationCode('@uniswap/v2-core/build/UniswapV2Factory.json'),
  router02: () => creationCode('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  pair: () => creationCode('@uniswap/v2-core/build/UniswapV2Pair.json'),
} as const

/** keccak256 of the pair's creation code that UniswapV2Library.pairFor has built in. */
export const PAIR_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'
