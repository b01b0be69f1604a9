import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Hex } from 'viem'

/**
 * The creation code of every 4337 contract the dev chain carries, read from the packages their
 * authors publish (pinned in scripts/package.json), never rebuilt here: a contract lands at its
 * canonical address only when its creation code is byte for byte the audited build.
 */
const require = createRequire(import.meta.url)

export class AaArtifactError extends Error {
  override name = 'AaArtifactError'
}

function creationCode(specifier: string): Hex {
  let file: string
  try {
    file = require.resolve(specifier)
  } catch (error) {
    throw new AaArtifactError(`${specifier} is not installed: run npm install`, { cause: error })
  }
  const { bytecode } = JSON.parse(readFileSync(file, 'utf8')) as { bytecode?: unknown }
  if (typeof bytecode !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(bytecode))
    throw new AaArtifactError(`${specifier} holds no creation code`)
  return bytecode as Hex
}

const safe = (path: string) => `@safe-global/safe-contracts/build/artifacts/contracts/${path}.json`
const module4337 = (name: string) =>
  `@safe-global/safe-4337/build/artifacts/contracts/${name}.sol/${name}.json`

/** Creation code by contract; the Safe 4337 module's takes its entry point as a constructor argument. */
export const aaCreationCode = {
  entryPoint07: () => creationCode('@account-abstraction/contracts/artifacts/EntryPoint.json'),
  // npm alias of @account-abstraction/contracts@0.8.0 (scripts/package.json): both versions at once.
  entryPoint08: () => creationCode('aa-contracts-v08/artifacts/EntryPoint.json'),
  safeL2: () => creationCode(safe('SafeL2.sol/SafeL2')),
  safe: () => creationCode(safe('Safe.sol/Safe')),
  safeProxyFactory: () => creationCode(safe('proxies/SafeProxyFactory.sol/SafeProxyFactory')),
  multiSend: () => creationCode(safe('libraries/MultiSend.sol/MultiSend')),
  multiSendCallOnly: () => creationCode(safe('libraries/MultiSendCallOnly.sol/MultiSendCallOnly')),
  compatibilityFallbackHandler: () =>
    creationCode(safe('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler')),
  safe4337Module: () => creationCode(module4337('Safe4337Module')),
  safeModuleSetup: () => creationCode(module4337('SafeModuleSetup')),
  verifyingPaymaster: () =>
    creationCode('@account-abstraction/contracts/artifacts/VerifyingPaymaster.json'),
} as const

/** The Safe singleton factory's presigned deployment for a chain id, as its package ships it. */
export function singletonFactoryDeployment(chainId: number): {
  signerAddress: Hex
  transaction: Hex
  address: Hex
  gasPrice: number
  gasLimit: number
} {
  const specifier = `@safe-global/safe-singleton-factory/artifacts/${chainId}/deployment.json`
  try {
    return JSON.parse(readFileSync(require.resolve(specifier), 'utf8'))
  } catch (error) {
    throw new AaArtifactError(`no Safe singleton factory deployment for chain ${chainId}`, {
      cause: error,
    })
  }
}
