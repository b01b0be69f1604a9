import { parseOptions, UsageError } from '../../commands/args.js'
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
  usage,
  async run({ args, config, stdout, stderr }) {
    const [action, ...rest] = args
    if (action === undefined) throw new UsageError('needs an action: sync')
    if (action !== 'sync') throw new UsageError(`unknown action ${JSON.stringify(action)}`)
    const values = parseOptions(rest, { 'project-id': { type: 'string' }, url: { type: 'string' } })
    const projectId = values['project-id'] ?? process.env.LATCH_EXPLORER_PROJECT_ID
    if (!projectId)
      throw new UsageError(
        'sync needs an Explorer project id (--project-id or LATCH_EXPLORER_PROJECT_ID)',
      )
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
