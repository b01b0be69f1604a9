import { migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import type { Command } from './types.js'

export const migrateCommand: Command = {
  summary: 'apply pending database migrations and exit',
  async run({ config, stdout }) {
    const database = await openDatabase(config())
    try {
      await migrate(database)
      stdout.write(`Migrations applied (${database.kind}).\n`)
    } finally {
      await database.close()
    }
    return 0
  },
}
