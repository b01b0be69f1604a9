import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { onFreePort } from './ports.js'

export const DEV_CHAIN_ID = 31337
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export interface AnvilOptions {
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** Unix seconds of the genesis block; seeding history needs a past genesis. */
  genesisTimestamp?: number
  /** Where anvil keeps its state between runs (`--state`); omitted keeps it in memory. */
  statePath?: string
  /** Forwarded verbatim; used by tests that need e.g. `--no-mining`. */
  extraArgs?: string[]
  stdio?: 'ignore' | 'inherit'
  /** Where an unset port is picked from (tests play the port race with it). */
  pickPort?: (host: string) => Promise<number>
}

export interface AnvilInstance {
  rpcUrl: string
  port: number
  process: ChildProcess
  stop(): Promise<void>
}

export class AnvilStartError extends Error {
  override name = 'AnvilStartError'
}

/** The anvil binary shipped by the `@foundry-rs/anvil` npm package (no download). */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url)
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`
  try {
    return require.resolve(`${pkg}/bin/anvil`)
  } catch {
    throw new AnvilStartError(
      `anvil binary not found: the npm package ${pkg} is missing. Run \`npm install\`.`,
    )
  }
}

// Kept here too: tests and scripts import it from the chain's module.
export { freePort } from './ports.js'

/** Resolves with the chain id when a JSON-RPC node answers at `rpcUrl`, else null. */
export async function probeChain(rpcUrl: string, timeoutMs = 1000): Promise<number | null> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = (await response.json()) as { result?: string }
    return body.result ? Number.parseInt(body.result, 16) : null
  } catch {
    return null
  }
}

/**
 * Starts anvil on `options.port`; without one, on a free port, and on a fresh one when another
 * process took it before anvil bound it (anvil takes the port as an argument, so it cannot be
 * handed a bound socket).
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  const host = options.host ?? '127.0.0.1'
  if (options.port) return launchAnvil(host, options.port, options)
  return onFreePort((port) => launchAnvil(host, port, options), { host, pick: options.pickPort })
}

async function launchAnvil(host: string, port: number, options: AnvilOptions) {
  const args = [
    '--host',
    host,
    '--port',
    String(port),
    '--chain-id',
    String(DEV_CHAIN_ID),
    '--mnemonic',
    TEST_MNEMONIC,
    '--accounts',
    '10',
  ]
  if (options.genesisTimestamp !== undefined)
    args.push('--timestamp', String(options.genesisTimestamp))
  if (options.statePath) args.push('--state', options.statePath, '--state-interval', '5')
  if (options.extraArgs) args.push(...options.extraArgs)

  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  // Ready only once this child says it is bound: another file's anvil can take the picked port
  // first and answer the probe while this one dies of EADDRINUSE, and two test files then shared
  // one chain (a swap reverted in a rehearsal). anvil prints "Listening on host:port" once bound.
  let stdout = ''
  let bound = false
  child.stdout?.on('data', (chunk) => {
    if (options.stdio === 'inherit') process.stdout.write(chunk)
    if (bound) return
    stdout += chunk
    bound = stdout.includes(`Listening on ${host}:${port}`)
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const rpcUrl = `http://${host}:${port}`
  const exited = new Promise<never>((_, reject) =>
    // 'close', not 'exit': by then stderr is read to its end, so the message says why (a port
    // taken in the meantime is told apart by it).
    child.once('close', (code) =>
      reject(
        new AnvilStartError(`anvil exited with code ${code} before answering: ${stderr.trim()}`),
      ),
    ),
  )
  const ready = (async () => {
    for (let attempt = 0; attempt < 150; attempt++) {
      // Gone: `exited` says why; no more knocking on a port that may now be someone else's.
      if (child.exitCode !== null || child.signalCode !== null) return
      if (bound && (await probeChain(rpcUrl, 500)) === DEV_CHAIN_ID) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new AnvilStartError(`anvil did not answer at ${rpcUrl} within 15 s`)
  })()
  try {
    await Promise.race([ready, exited])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  exited.catch(() => {})

  return {
    rpcUrl,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
