#!/usr/bin/env node
import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { indexCommand } from './chains/command.js'
import { UsageError, wantsHelp } from './commands/args.js'
import { migrateCommand } from './commands/migrate.js'
import { serveCommand } from './commands/serve.js'
import type { Command } from './commands/types.js'
import { ConfigError, loadConfig } from './config.js'
import { DatabaseOpenError, MigrationError } from './db/errors.js'
import { catalogueCommand } from './provider-services/catalogue/cli-catalogue.js'
import { projectCommand } from './provider-services/cli-project.js'

/** Subcommands by name; add one by adding a file under `commands/` and a line here. */
export const commands: Record<string, Command> = {
  serve: serveCommand,
  migrate: migrateCommand,
  index: indexCommand,
  project: projectCommand,
  catalogue: catalogueCommand,
}

const DEFAULT_COMMAND = 'serve'

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  return `Usage: latch-server [command] [args]\n       latch-server <command> --help\n       latch-server --version\n\nCommands:\n${lines.join('\n')}\n`
}

/** This package's version; `package.json` sits one folder above both `src/` and `dist/`. */
export function version(): string {
  const file = new URL('../package.json', import.meta.url)
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}

// Errors a user can fix from the message alone; anything else is a bug and keeps its stack.
const expected = [ConfigError, DatabaseOpenError, MigrationError]

export interface CliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

export async function runCli(
  argv: string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const { stdout, stderr } = io
  const [first, ...rest] = argv
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined
    const command = topic === undefined ? undefined : commands[topic]
    if (topic !== undefined && !command) return unknownCommand(topic, stderr)
    stdout.write(command ? command.usage : usage())
    return 0
  }
  if (first === '--version' || first === '-v') {
    stdout.write(`${version()}\n`)
    return 0
  }
  // Arguments without a command are serve's: `latch-server --help` never gets here, but
  // `latch-server --port 1` is refused by serve rather than starting it with the option ignored.
  const name = first === undefined || first.startsWith('-') ? DEFAULT_COMMAND : first
  const args = first === undefined || first.startsWith('-') ? argv : rest
  const command = commands[name]
  if (!command) return unknownCommand(name, stderr)
  if (wantsHelp(args)) {
    stdout.write(command.usage)
    return 0
  }
  try {
    return await command.run({
      args,
      config: () => loadConfig(process.env),
      stdout,
      stderr,
    })
  } catch (error) {
    if (error instanceof UsageError) {
      stderr.write(`latch-server ${name}: ${error.message} (see latch-server ${name} --help)\n`)
      return 2
    }
    if (expected.some((type) => error instanceof type)) {
      stderr.write(`${(error as Error).message}\n`)
      return 1
    }
    throw error
  }
}

function unknownCommand(name: string, stderr: NodeJS.WritableStream): number {
  stderr.write(
    `Unknown command "${name}"; commands: ${Object.keys(commands).join(', ')} (see latch-server --help).\n`,
  )
  return 2
}

function isEntryPoint(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

/** Runs the CLI on this process's arguments and exits with its code. */
export function main(): void {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}

if (isEntryPoint()) main()
