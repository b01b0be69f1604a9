import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { serverBundle } from './bundle.js'
import { pgliteTemplateEnv } from './database.js'

export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url))

export interface CliProcess {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves with the exit code, or the signal name when killed. */
  exited: Promise<number | NodeJS.Signals>
}

/**
 * Runs `latch-server` with exactly `env` added: by default the bundle production runs
 * (bundle.ts, a third of the start time); `from: 'source'` runs the sources as `npm run cli` does.
 * A fresh PGlite starts from the tests' migrated template (testing/database.ts) unless
 * `template: false`, which keeps a real first start: initdb and every migration.
 */
export function spawnCli(
  args: string[],
  env: Record<string, string>,
  options: { from?: 'bundle' | 'source'; template?: boolean } = {},
): CliProcess {
  const entry =
    options.from === 'source'
      ? ['--import', 'tsx', '--conditions=latch-source', CLI]
      : [serverBundle()]
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(options.template === false ? {} : pgliteTemplateEnv()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  // 'close', not 'exit': tests read stdout() and stderr() once it resolves, and the last chunks
  // can come after 'exit' (Node's docs). The server spawns no process that could keep them open.
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.on('close', (code, signal) => resolve(signal ?? code ?? 0))
  })
  return { child, stdout: () => out, stderr: () => err, exited }
}

/** Resolves with the server URL once the CLI prints it; rejects if the process exits first. */
export async function waitForListening(cli: CliProcess, timeoutMs = 240_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(cli.stdout())
    if (match) return match[1]!
    if (cli.child.exitCode !== null || cli.child.signalCode !== null)
      throw new Error(`server exited before listening:\n${cli.stderr()}`)
    if (Date.now() > deadline) throw new Error(`server did not listen:\n${cli.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
