import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { DatabaseHandle } from '../../db/types.js'
import { HISTORY_CHANNEL } from './announce.js'
import { EVERY_SCOPE, type HistoryCache } from './cache.js'

/** The connection's name in `pg_stat_activity`, so an operator can tell it from the pool. */
export const FEED_APPLICATION_NAME = 'latch-history-cache'

export interface InvalidationFeed {
  /** True while announcements reach the cache. */
  readonly listening: boolean
  stop(): Promise<void>
}

/**
 * LISTENs on a connection of its own (a pooled one would be handed to queries). While it is down
 * the cache is off and empty, and it reconnects every `retryMs`.
 */
export class PostgresInvalidationFeed implements InvalidationFeed {
  private client: pg.Client | undefined
  private stopped = false
  private retry: NodeJS.Timeout | undefined
  private retryPending = false
  /** The listening connection's backend pid (tests end it with pg_terminate_backend). */
  processId: number | undefined

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly cache: HistoryCache,
    private readonly options: {
      log?: FastifyBaseLogger
      retryMs?: number
      /** Decides when to reconnect (tests reconnect when they choose); default: after retryMs. */
      schedule?: (reconnect: () => void) => void
    } = {},
  ) {
    void this.connect()
  }

  get listening(): boolean {
    return this.client !== undefined
  }

  private async connect(): Promise<void> {
    if (this.stopped) return
    const client = new pg.Client({
      ...this.connection,
      application_name: FEED_APPLICATION_NAME,
      keepAlive: true,
    })
    let gone = false
    const lost = (error?: Error) => {
      if (gone) return
      gone = true
      if (this.client === client) {
        this.client = undefined
        this.processId = undefined
        this.cache.setLive(false)
        this.options.log?.warn(
          { err: error },
          'history cache: invalidation feed lost; serving uncached until it is back',
        )
      }
      client.end().catch(() => {})
      this.scheduleRetry()
    }
    client.on('error', lost)
    client.on('end', () => lost())
    client.on('notification', (message) => {
      if (message.channel === HISTORY_CHANNEL) this.cache.invalidate(message.payload || EVERY_SCOPE)
    })
    try {
      await client.connect()
      await client.query(`listen ${HISTORY_CHANNEL}`)
    } catch (error) {
      lost(error as Error)
      return
    }
    if (gone) return
    if (this.stopped) {
      await client.end().catch(() => {})
      return
    }
    this.client = client
    this.processId = (client as unknown as { processID?: number }).processID
    // Live only now: every change committed from here on is heard.
    this.cache.setLive(true)
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryPending) return
    this.retryPending = true
    const reconnect = () => {
      this.retryPending = false
      this.retry = undefined
      void this.connect()
    }
    if (this.options.schedule) this.options.schedule(reconnect)
    else this.retry = setTimeout(reconnect, this.options.retryMs ?? 1_000)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.retry) clearTimeout(this.retry)
    const client = this.client
    this.client = undefined
    this.cache.setLive(false)
    await client?.end().catch(() => {})
  }
}

/** PGlite is one process: its own LISTEN hears the in-process indexer's commits. */
export class PgliteInvalidationFeed implements InvalidationFeed {
  private unlisten: (() => Promise<void>) | undefined
  private stopped = false

  private constructor(private readonly cache: HistoryCache) {}

  static async start(client: PGlite, cache: HistoryCache): Promise<PgliteInvalidationFeed> {
    const feed = new PgliteInvalidationFeed(cache)
    feed.unlisten = await client.listen(HISTORY_CHANNEL, (payload) =>
      cache.invalidate(payload || EVERY_SCOPE),
    )
    cache.setLive(true)
    return feed
  }

  get listening(): boolean {
    return !this.stopped
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.cache.setLive(false)
    await this.unlisten?.().catch(() => {})
  }
}

/** The feed for this database (its cache stays off until the feed listens). */
export async function startInvalidationFeed(
  database: DatabaseHandle,
  cache: HistoryCache,
  log?: FastifyBaseLogger,
): Promise<InvalidationFeed> {
  if (database.kind === 'pglite') return PgliteInvalidationFeed.start(database.client, cache)
  return new PostgresInvalidationFeed(database.client.options as pg.ClientConfig, cache, { log })
}
