import { parseArgs } from 'node:util'
import type { Command } from '../../commands/types.js'
import { migrate } from '../../db/migrate.js'
import { openDatabase } from '../../db/open.js'
import { CatalogueSyncError, DEFAULT_EXPLORER_URL, syncCatalogue } from './explorer.js'

const usage = `Usage:
  latch-server catalogue sync [--project-id <id>] [--url <explorer api url>]

  Imports the WalletConnect Explorer API's wallet listings into the catalogue served by
  GET /getWallets. Needs network access and an Explorer project id (--project-id or
  LATCH_EXPLORER_PROJECT_ID). The URL defaults to ${DEFAULT_EXPLORER_URL}
  (or LATCH_EXPLORER_URL). Curated wallets are kept; listings duplicating them are skipped.
`

export const catalogueCommand: Command = {
  summary: 'import wallets from the WalletConnect Explorer API into the catalogue',
  async run({ args, config, stdout, stderr }) {
    const [action, ...rest] = args
    if (action !== 'sync') {
      stderr.write(usage)
      return action === undefined || action === '--help' ? 0 : 2
    }
    let values: { 'project-id'?: string; url?: string }
    try {
      values = parseArgs({
        args: rest,
        options: { 'project-id': { type: 'string' }, url: { type: 'string' } },
      }).values
    } catch (error) {
      stderr.write(`${(error as Error).message}\n${usage}`)
      return 2
    }
    const projectId = values['project-id'] ?? process.env.LATCH_EXPLORER_PROJECT_ID
    if (!projectId) {
      stderr.write(`catalogue sync needs an Explorer project id.\n${usage}`)
      return 2
    }
    const database = await openDatabase(config())
    try {
      await migrate(database)
      const result = await syncCatalogue(database.db, {
        projectId,
        baseUrl: values.url ?? process.env.LATCH_EXPLORER_URL,
      })
      stdout.write(
        `Imported ${result.imported} wallets (${result.fetched} listings, ${result.duplicates} already curated, ${result.invalid} invalid).\n`,
      )
      return 0
    } catch (error) {
      if (error instanceof CatalogueSyncError) {
        stderr.write(`${error.message}\n`)
        return 1
      }
      throw error
    } finally {
      await database.close()
    }
  },
}
