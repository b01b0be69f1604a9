#!/usr/bin/env node
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { indexCommand } from './chaindata/command.js'
import { migrateCommand } from './commands/migrate.js'
import { serveCommand } from './commands/serve.js'
import type { Command } from './commands/types.js'
import { ConfigError, loadConfig } from './config.js'
import { DatabaseOpenError, MigrationError } from './db/errors.js'
import { catalogueCommand } from './provider/catalogue/cli-catalogue.js'
import { projectCommand } from './provider/cli-project.js'

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
  return `Usage: latch-server [command] [args]\n\nCommands:\n${lines.join('\n')}\n`
}

// Errors a user can fix from the message alone; anything else is a bug and keeps its stack.
const expected = [ConfigError, DatabaseOpenError, MigrationError]

export async function runCli(argv: string[]): Promise<number> {
  const [first, ...rest] = argv
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(usage())
    return 0
  }
  const name = first === undefined || first.startsWith('-') ? DEFAULT_COMMAND : first
  const args = first === undefined || first.startsWith('-') ? argv : rest
  const command = commands[name]
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n${usage()}`)
    return 2
  }
  try {
    return await command.run({
      args,
      config: () => loadConfig(process.env),
      stdout: process.stdout,
      stderr: process.stderr,
    })
  } catch (error) {
    if (expected.some((type) => error instanceof type)) {
      process.stderr.write(`${(error as Error).message}\n`)
      return 1
    }
    throw error
  }
}

function isEntryPoint(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isEntryPoint()) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}
