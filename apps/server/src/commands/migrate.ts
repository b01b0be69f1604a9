import { noArguments } from './args.js'
import type { Command } from './types.js'

export const migrateCommand: Command = {
  summary: 'apply pending database migrations and exit',
  usage: `Usage: latch-server migrate

  Applies the pending migrations to the configured database and exits. Takes no arguments.
`,
  async run({ args, config, stdout }) {
    noArguments(args)
    const settings = config()
    // Loaded after the config is valid: a typo in the env should not cost seconds of imports.
    const { openDatabase } = await import('../db/open.js')
    const { migrate } = await import('../db/migrate.js')
    const database = await openDatabase(settings)
    try {
      await migrate(database)
      stdout.write(`Migrations applied (${database.kind}).\n`)
    } finally {
      await database.close()
    }
    return 0
  },
}
