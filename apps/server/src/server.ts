import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { buildApp } from './app.js'
import type { Config } from './config.js'
import { migrate } from './db/migrate.js'
import { openDatabase } from './db/open.js'
import type { DatabaseHandle } from './db/types.js'

export interface StartServerOptions {
  /** Extra route plugins, registered after the ones `buildApp` always mounts. */
  plugins?: FastifyPluginAsync[]
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8787` (the bound port when `config.port` is 0). */
  url: string
  /** The metrics listener's URL (LATCH_METRICS_PORT), when one is configured. */
  metricsUrl: string | undefined
  app: FastifyInstance
  database: DatabaseHandle
  /** Stops listening, then closes the database. Idempotent. */
  close(): Promise<void>
}

/** Opens the database, migrates it, and listens: the whole `latch-server serve`, in-process. */
export async function startServer(
  config: Config,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase(config)
  let app: FastifyInstance | undefined
  let metricsUrl: string | undefined
  try {
    await migrate(database)
    app = await buildApp({ config, db: database, plugins: options.plugins })
    await app.listen({ port: config.port, host: config.host })
    metricsUrl = await app.listenMetrics()
  } catch (error) {
    await app?.close().catch(() => {})
    await database.close().catch(() => {})
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  let closing: Promise<void> | undefined
  const running = app
  return {
    url: `http://${host}:${port}`,
    metricsUrl,
    app: running,
    database,
    close() {
      closing ??= (async () => {
        try {
          await running.close()
        } finally {
          await database.close()
        }
      })()
      return closing
    },
  }
}
