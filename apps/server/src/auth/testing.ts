import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { type Mailbox, startMailbox } from '../../../../scripts/mailbox/index.js'
import { buildApp } from '../app.js'
import { createChainClient } from '../chain.js'
import { loadConfig } from '../config.js'
import { migrate } from '../db/migrate.js'
import { createLogger } from '../logger.js'
import { createProject } from '../provider-services/projects.js'
import { openTestDatabaseFor } from '../testing/database.js'
import { createTestPostgres } from '../testing/postgres.js'

export const FRAME_ORIGIN = 'http://127.0.0.1:5174'
export const APP_ORIGIN = 'http://localhost:5173'

export interface AuthTestApp {
  app: FastifyInstance
  mailbox: Mailbox
  projectId: string
  /** Every log line the server wrote, at trace level. */
  logs: string[]
  /** Waits for the next mail to `to` and returns the 6-digit code in it. */
  codeFor(to: string): Promise<string>
  close(): Promise<void>
}

/** The whole server on in-memory PGlite, logging everything, mailing a real SMTP catcher. */
export async function openAuthTestApp(env: Record<string, string> = {}): Promise<AuthTestApp> {
  const opened = await openAuthTestAppOn('pglite', env)
  if ('unavailable' in opened) throw new Error(opened.unavailable)
  return opened
}

/** The same on a fresh Postgres database; resolves with the reason when none answers. */
export async function openAuthTestAppOn(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<AuthTestApp | { unavailable: string }> {
  let dropDatabase = async () => {}
  if (kind === 'postgres') {
    const pg = await createTestPostgres()
    if ('unavailable' in pg) return pg
    env = { ...env, DATABASE_URL: pg.url }
    dropDatabase = pg.drop
  }
  const mailbox = await startMailbox()
  const config = loadConfig({
    LATCH_DATA_DIR: 'memory://',
    LATCH_LOG_LEVEL: 'trace',
    LATCH_SMTP_URL: mailbox.smtpUrl,
    LATCH_FRAME_ORIGINS: FRAME_ORIGIN,
    ...env,
  })
  const logs: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk))
      callback()
    },
  })
  const database = await openTestDatabaseFor(config)
  await migrate(database)
  const app = await buildApp({
    config,
    db: database,
    logger: createLogger(config, sink),
    chain: createChainClient('http://127.0.0.1:9'),
    now: options.now,
  })
  await app.ready()
  const project = await createProject(app.db, { name: 'auth test', origins: [APP_ORIGIN] })
  let seen = 0
  return {
    app,
    mailbox,
    projectId: project.id,
    logs,
    async codeFor(to) {
      const after = seen
      const mail = await mailbox.waitFor(
        (m) => m.id > after && m.to.includes(to.toLowerCase()) && /\b\d{6}\b/.test(m.text),
      )
      seen = Math.max(seen, mail.id)
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
      if (!code) throw new Error(`no code in mail "${mail.subject}"`)
      return code
    },
    async close() {
      await app.close()
      await database.close().catch(() => {})
      await mailbox.stop()
      await dropDatabase()
    },
  }
}

/** A call as the secure frame makes it: its origin, the project and page headers, the token. */
export async function frameCall(
  t: AuthTestApp,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      origin: FRAME_ORIGIN,
      'latch-project-id': t.projectId,
      'latch-page-origin': APP_ORIGIN,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { payload: body } : {}),
  })
  return { status: res.statusCode, body: res.json() }
}

/** The env that points each given social provider at the dev identity provider (scripts/idp). */
export function devSocialEnv(
  idp: {
    client(provider: string): { clientId: string; clientSecret: string }
    issuer(provider: string): string
  },
  providers: readonly string[],
  publicUrl: string,
): Record<string, string> {
  const env: Record<string, string> = { LATCH_PUBLIC_URL: publicUrl }
  for (const provider of providers) {
    const key = `LATCH_SOCIAL_${provider.toUpperCase()}`
    env[`${key}_CLIENT_ID`] = idp.client(provider).clientId
    env[`${key}_CLIENT_SECRET`] = idp.client(provider).clientSecret
    env[`${key}_ISSUER`] = idp.issuer(provider)
  }
  return env
}
