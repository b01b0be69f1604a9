import { readFileSync } from 'node:fs'
import type { Abi, Hex } from 'viem'

/** Compiled output the seed needs: the interface and the creation bytecode. */
export interface ContractArtifact {
  abi: Abi
  bytecode: Hex
}

export interface ArtifactsFile {
  compiler: string
  contracts: Record<string, ContractArtifact>
}

export type ContractName =
  | 'FarcasterIdRegistry'
  | 'LatchItems'
  | 'LatchNFT'
  | 'LatchSwap'
  | 'LatchToken'
  | 'OwnerAccount'
  | 'Reverter'
  | 'SpamNFT'

export class MissingArtifactError extends Error {
  override name = 'MissingArtifactError'
}

export const artifactsUrl = new URL('./artifacts.json', import.meta.url)

let cached: ArtifactsFile | undefined

/** The committed artifacts, so starting the dev chain never runs the compiler. */
export function loadArtifacts(): ArtifactsFile {
  cached ??= JSON.parse(readFileSync(artifactsUrl, 'utf8')) as ArtifactsFile
  return cached
}

export function artifact(name: ContractName): ContractArtifact {
  const found = loadArtifacts().contracts[name]
  if (!found)
    throw new MissingArtifactError(
      `no artifact for ${name}: run \`npx tsx scripts/devchain/contracts/build.ts\``,
    )
  return found
}
