import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type Hex, http, keccak256, numberToHex, parseEther, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ENTRY_POINT_07, ENTRY_POINT_08 } from '../devchain/aa/addresses.js'
import { onFreePort } from '../devchain/ports.js'
import { ensureAlto } from './install.js'

/**
 * The dev stack's ERC-4337 bundler: Pimlico's alto (GPL-3.0, installed on first use for the dev
 * stack only by install.ts, never a dependency of a published package) run as its own process
 * against anvil.
 */
const here = path.dirname(fileURLToPath(import.meta.url))

/** Keys alto bundles and deploys its simulation contracts with; public, dev chain only. */
export const bundlerExecutorKey = keccak256(stringToHex('latch devchain bundler executor'))
export const bundlerUtilityKey = keccak256(stringToHex('latch devchain bundler utility'))

export class BundlerStartError extends Error {
  override name = 'BundlerStartError'
  /** 'EADDRINUSE' when alto said its port was taken, whether or not that line is in the tail. */
  readonly code: string | undefined
  constructor(message: string, code?: string) {
    super(message)
    this.code = code
  }
}

export interface DevBundler {
  /** The bundler's JSON-RPC URL (loopback only). */
  url: string
  pid: number
  /** From spawning alto to its first answer. */
  startMs: number
  /** The address alto actually listens on, as the loopback preload reported it. */
  listening: string
  stop(): Promise<void>
}

export interface StartDevBundlerOptions {
  /** The dev chain (anvil) with the 4337 contracts installed (devchain/aa). */
  rpcUrl: string
  /** 0: a free port, and a fresh one when another process takes it before alto binds it. */
  port: number
  /** Where port 0 is picked from (tests play the port race with it). */
  pickPort?: (host: string) => Promise<number>
  /** Every line alto writes, for debugging (LATCH_BUNDLER_DEBUG). */
  trace?: (line: string) => void
}

async function fund(rpcUrl: string, keys: Hex[]) {
  const client = createClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  for (const key of keys) {
    const { address } = privateKeyToAccount(key)
    const balance = BigInt(
      (await client.request({ method: 'eth_getBalance', params: [address, 'latest'] })) as Hex,
    )
    if (balance < parseEther('100'))
      await client.request({
        method: 'anvil_setBalance' as never,
        params: [address, numberToHex(parseEther('1000'))] as never,
      })
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    })
    return res.ok
  } catch {
    return false
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

/** Starts alto and resolves once it answers JSON-RPC; rejects with its last words if it dies. */
export async function startDevBundler(options: StartDevBundlerOptions): Promise<DevBundler> {
  // alto takes its port as an argument (no bound socket can be handed over), so a picked port
  // can be lost before alto binds it; its own EADDRINUSE then says to pick again.
  if (options.port === 0)
    return onFreePort((port) => startDevBundler({ ...options, port }), { pick: options.pickPort })
  const cli = await ensureAlto(options.trace)
  const started = performance.now()
  await fund(options.rpcUrl, [bundlerExecutorKey, bundlerUtilityKey])
  const args = [
    ['--entrypoints', `${ENTRY_POINT_07},${ENTRY_POINT_08}`],
    ['--rpc-url', options.rpcUrl],
    ['--executor-private-keys', bundlerExecutorKey],
    ['--utility-private-key', bundlerUtilityKey],
    ['--port', String(options.port)],
    // anvil has no native tracer for ERC-7562's rules; the dev chain trusts its own users.
    ['--safe-mode', 'false'],
    ['--log-level', 'info'],
  ].flat()
  // alto reads ALTO_* variables and a .env in its working directory: give it neither.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('ALTO_')),
  )
  const child = spawn(
    process.execPath,
    ['--import', path.join(here, 'loopback.mjs'), cli, ...args],
    {
      cwd: here,
      env: { ...env, DOTENV_CONFIG_PATH: path.join(here, 'no.env') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const tail: string[] = []
  let listening = ''
  // Said by loopback.mjs as listen fails, before alto's own log (which can be lost, and is a
  // multi-line entry that can leave a 20-line tail).
  let addressInUse = false
  const read = (chunk: Buffer) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      options.trace?.(line)
      if (/EADDRINUSE/.test(line)) addressInUse = true
      const bound = /^latch-loopback listening (.+)$/.exec(line)
      if (bound?.[1]) listening = bound[1]
      tail.push(line)
      if (tail.length > 20) tail.shift()
    }
  }
  child.stdout?.on('data', read)
  child.stderr?.on('data', read)
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited(child)
    clearTimeout(killer)
  }
  const url = `http://127.0.0.1:${options.port}`
  // Dead once its output is read to the end: 'exit' can come before the last chunks of stdout
  // (Node's docs on 'exit'), and a rehearsal once lost alto's EADDRINUSE that way.
  let dead = false
  child.once('close', () => {
    dead = true
  })
  // Polls until alto answers: its start-up (simulation contracts, wallet checks) takes seconds on a
  // loaded machine. The deadline only turns a hang into an error; it is not a wait.
  const deadline = Date.now() + 120_000
  while (!(listening && (await answers(url)))) {
    if (dead || Date.now() > deadline) {
      await stop()
      throw new BundlerStartError(
        `alto ${dead ? `exited (${child.exitCode ?? child.signalCode})` : 'did not answer within 120 s'}:\n${tail.join('\n')}`,
        addressInUse ? 'EADDRINUSE' : undefined,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    pid: child.pid ?? 0,
    startMs: Math.round(performance.now() - started),
    listening,
    stop,
  }
}
