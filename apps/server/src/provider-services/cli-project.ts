import { parseOptions, UsageError } from '../commands/args.js'
import type { Command } from '../commands/types.js'
import type { Config } from '../config.js'
import { migrate } from '../db/migrate.js'
import { openDatabase } from '../db/open.js'
import { allowListEntryProblem } from './allow-list.js'
import { AdminApiError, type ProjectAdmin, remoteProjectAdmin } from './cli-remote.js'
import { type ProjectFeatures, socialProviders } from './features.js'
import {
  createProject,
  issueProjectSecret,
  listProjects,
  ProjectInputError,
  updateProject,
} from './projects.js'

const usage = `Usage:
  latch-server project create --name <name> --origin <origin> [--origin <origin> ...]
                              [--id <id>] [--analytics] [--features <json>]
  latch-server project update --id <id> [--name <name>]
                              [--origin <origin> ...]        replaces the whole allow-list
                              [--add-origin <origin> ...]    adds to it
                              [--remove-origin <origin> ...] removes from it
                              [--analytics | --no-analytics] [--features <json>]
  latch-server project list
  latch-server project secret --id <id>   a new server secret for the RPC proxy (shown once;
                                          the previous one stops working)

  create prints the new project's id on stdout.
  With LATCH_ADMIN_URL and LATCH_ADMIN_TOKEN set (npm start prints both), the command changes
  the running server's projects through its admin API; otherwise it opens the database itself,
  which PGlite allows only while no server holds it.
  --features takes JSON of flags to change, e.g. '{"multiWallet":true,"socials":["google"]}'
  (flags: email, socials [${socialProviders.join(', ')}], swaps, onramp, activity, branding,
  multiWallet).
`

const booleanFlags = ['email', 'swaps', 'onramp', 'activity', 'branding', 'multiWallet'] as const

function parseFeatures(json: string | undefined): Partial<ProjectFeatures> | undefined {
  if (json === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    throw new ProjectInputError('--features must be JSON, e.g. {"multiWallet":true}')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProjectInputError('--features must be a JSON object')
  const features: Partial<ProjectFeatures> = {}
  for (const [key, item] of Object.entries(value)) {
    if ((booleanFlags as readonly string[]).includes(key) && typeof item === 'boolean')
      features[key as (typeof booleanFlags)[number]] = item
    else if (
      key === 'socials' &&
      Array.isArray(item) &&
      item.every((s) => (socialProviders as readonly unknown[]).includes(s))
    )
      features.socials = item
    else throw new ProjectInputError(`Unknown feature flag or bad value: ${key}`)
  }
  return features
}

/** The running server's admin API when LATCH_ADMIN_URL is set, else the database itself. */
async function openProjectAdmin(config: () => Config): Promise<ProjectAdmin> {
  const url = process.env.LATCH_ADMIN_URL?.trim()
  if (url) {
    const token = process.env.LATCH_ADMIN_TOKEN?.trim()
    if (!token) throw new UsageError('LATCH_ADMIN_URL needs LATCH_ADMIN_TOKEN as well')
    return remoteProjectAdmin(url, token)
  }
  const database = await openDatabase(config())
  await migrate(database)
  return {
    list: () => listProjects(database.db),
    create: (input) => createProject(database.db, input),
    update: (id, input) => updateProject(database.db, id, input),
    newSecret: (id) => issueProjectSecret(database.db, id),
    close: () => database.close(),
  }
}

export const projectCommand: Command = {
  summary: 'create, update or list projects (provider services answer per project id)',
  usage,
  async run({ args, config, stdout, stderr }) {
    const [action, ...rest] = args
    if (action === undefined) throw new UsageError('needs an action: create, update or list')
    if (!['create', 'update', 'list', 'secret'].includes(action))
      throw new UsageError(`unknown action ${JSON.stringify(action)}`)
    const values = parseOptions(rest, {
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'add-origin': { type: 'string', multiple: true },
      'remove-origin': { type: 'string', multiple: true },
      id: { type: 'string' },
      analytics: { type: 'boolean' },
      'no-analytics': { type: 'boolean' },
      features: { type: 'string' },
    })
    // Input mistakes are reported before the database is opened (slow on a cold PGlite).
    let features: Partial<ProjectFeatures> | undefined
    try {
      features = parseFeatures(values.features)
      for (const origin of [...(values.origin ?? []), ...(values['add-origin'] ?? [])]) {
        const problem = allowListEntryProblem(origin)
        if (problem) throw new ProjectInputError(problem.message, problem.code)
      }
    } catch (error) {
      stderr.write(`${(error as Error).message}\n`)
      return 2
    }
    const admin = await openProjectAdmin(config)
    try {
      if (action === 'list') {
        for (const p of await admin.list())
          stdout.write(
            `${p.id}\t${p.name}\t${p.allowedOrigins.join(',') || '(no origins)'}\tanalytics ${p.analyticsEnabled ? 'on' : 'off'}\n`,
          )
        return 0
      }
      if (action === 'create') {
        if (!values.name || !values.origin?.length)
          throw new UsageError('create needs --name and at least one --origin')
        const project = await admin.create({
          id: values.id,
          name: values.name,
          origins: values.origin,
          features,
          analyticsEnabled: values.analytics ?? false,
        })
        stdout.write(`${project.id}\n`)
        return 0
      }
      if (action === 'secret') {
        if (!values.id) throw new UsageError('secret needs --id')
        const secret = await admin.newSecret(values.id)
        if (!secret) {
          stderr.write(`No project with id ${values.id}\n`)
          return 1
        }
        stdout.write(`${secret}\n`)
        return 0
      }
      if (!values.id) throw new UsageError('update needs --id')
      const updated = await admin.update(values.id, {
        name: values.name,
        origins: values.origin,
        addOrigins: values['add-origin'],
        removeOrigins: values['remove-origin'],
        features,
        analyticsEnabled: values['no-analytics'] ? false : values.analytics,
      })
      if (!updated) {
        stderr.write(`No project with id ${values.id}\n`)
        return 1
      }
      stdout.write(`${updated.id}\n`)
      return 0
    } catch (error) {
      if (error instanceof ProjectInputError) {
        stderr.write(`${error.message}\n`)
        return 2
      }
      if (error instanceof AdminApiError) {
        stderr.write(`${error.message}\n`)
        return 1
      }
      // A duplicate id is the one database error an operator causes by hand.
      if (
        /duplicate key|unique/i.test(
          String((error as Error).message) + String((error as { cause?: Error }).cause?.message),
        )
      ) {
        stderr.write(`A project with id ${values.id} already exists\n`)
        return 1
      }
      throw error
    } finally {
      await admin.close()
    }
  },
}
