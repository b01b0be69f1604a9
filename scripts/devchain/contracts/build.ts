import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import type { Abi } from 'viem'
import { type ArtifactsFile, artifactsUrl, type ContractArtifact } from './artifacts.js'

export class ContractCompileError extends Error {
  override name = 'ContractCompileError'
}

const contractsDir = fileURLToPath(new URL('.', import.meta.url))
export const artifactsPath = fileURLToPath(artifactsUrl)

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

/** Compiles every `*.sol` beside this file with the bundled solc-js (no compiler download). */
export function compileContracts(): ArtifactsFile {
  const files = readdirSync(contractsDir)
    .filter((file) => file.endsWith('.sol'))
    .sort()
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      files.map((file) => [file, { content: readFileSync(`${contractsDir}/${file}`, 'utf8') }]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0)
    throw new ContractCompileError(errors.map((e) => e.formattedMessage).join('\n'))

  const contracts: Record<string, ContractArtifact> = {}
  for (const file of files) {
    for (const [name, compiled] of Object.entries(output.contracts?.[file] ?? {})) {
      // Interfaces compile to empty bytecode; only deployable contracts are artifacts.
      if (compiled.evm.bytecode.object === '') continue
      contracts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` }
    }
  }
  const sorted = Object.fromEntries(
    Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b)),
  )
  return { compiler: solc.version(), contracts: sorted }
}

export function writeArtifacts(artifacts: ArtifactsFile = compileContracts()): void {
  writeFileSync(artifactsPath, `${JSON.stringify(artifacts, null, 2)}\n`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeArtifacts()
  console.log(`wrote ${artifactsPath}`)
}
