import { type ParseArgsConfig, parseArgs } from 'node:util'

/** A mistake on the command line: the CLI prints it on one line and exits with code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** True when the arguments ask for the command's help, wherever the flag stands. */
export function wantsHelp(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--help' || arg === '-h')
}

/** For commands that take no arguments: anything given is a mistake, not something to ignore. */
export function noArguments(args: readonly string[]): void {
  const first = args[0]
  if (first === undefined) return
  throw new UsageError(
    first.startsWith('-')
      ? `unknown option ${JSON.stringify(first)}`
      : `unexpected argument ${JSON.stringify(first)}`,
  )
}

/** `parseArgs`, strict, with its errors turned into short UsageErrors. */
export function parseOptions<const options extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: options,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    const { code, message } = error as { code?: string; message: string }
    // Node's own messages run to several sentences of advice; the first one says what is wrong.
    const quoted = /'([^']+)'/.exec(message)?.[1]
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted)
      throw new UsageError(`unknown option ${JSON.stringify(quoted)}`)
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted)
      throw new UsageError(`unexpected argument ${JSON.stringify(quoted)}`)
    if (code?.startsWith('ERR_PARSE_ARGS')) throw new UsageError(message.split('. ')[0]!)
    throw error
  }
}
