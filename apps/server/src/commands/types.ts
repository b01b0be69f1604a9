import type { Config } from '../config.js'

export interface CommandContext {
  /** Arguments after the subcommand name. */
  args: string[]
  /** Loads and validates the env config; throws `ConfigError`. Lazy so `--help` needs none. */
  config(): Config
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

export interface Command {
  /** One line for `latch-server --help`. */
  summary: string
  /** What `latch-server <command> --help` prints. */
  usage: string
  /** Resolves with the exit code; long-running commands resolve when they stop. */
  run(context: CommandContext): Promise<number>
}
