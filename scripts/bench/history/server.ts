/**
 * The history routes alone on a Fastify server, for the load benchmark (run as a child process so
 * the load generator does not share its event loop). Env: BENCH_DATABASE_URL or BENCH_PGLITE_DIR,
 * BENCH_CURSOR_SECRET. Prints `listening on <url>`.
 */
import Fastify from 'fastify'
import { evmBackend } from '../../../apps/server/src/chains/eip155/backend.js'
import { chainDataRoutes } from '../../../apps/server/src/chains/routes.js'
import { CursorCodec } from '../../../apps/server/src/chains/shared/cursor.js'
import { openDatabase } from '../../../apps/server/src/db/open.js'
import { installErrorHandling } from '../../../apps/server/src/http/errors.js'
import { BENCH_CHAIN_ID } from './synthetic.js'

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  dataDir: process.env.BENCH_PGLITE_DIR ?? 'memory://',
})
const app = Fastify({ logger: false })
app.decorate('db', database.db)
installErrorHandling(app)
await app.register(
  chainDataRoutes({
    backends: [
      evmBackend({
        indexed: new Map([[BENCH_CHAIN_ID, { name: 'Ether', symbol: 'ETH', decimals: 18 }]]),
        codec: new CursorCodec(process.env.BENCH_CURSOR_SECRET ?? 'bench-cursor-secret-0000'),
      }),
    ],
    // The history logic alone: no project lookup, no limits (scripts/bench/load.ts measures
    // the whole server, those included).
    scope: {},
  }),
)
const url = await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`listening on ${url}\n`)
const stop = async () => {
  await app.close()
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
