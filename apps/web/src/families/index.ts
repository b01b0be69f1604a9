import { bip122 } from './bip122'
import { cosmos } from './cosmos'
import { polkadot } from './polkadot'
import { solana } from './solana'
import type { PageFamily } from './types'

export type { PageFamily, PageFamilyContext } from './types'

/**
 * The chain families the web app wires beside EVM (which the page, its sign-in and its dev chain
 * are built on), in the order the connect view lists them. Each is undefined in a build without
 * its variables, and then carries no code. A new family: its module here, and one entry below.
 */
export const families: readonly PageFamily[] = [solana, bip122, cosmos, polkadot].filter(
  (family): family is PageFamily => family !== undefined,
)
