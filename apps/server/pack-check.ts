/**
 * `npm run pack:check -w latch-server`: the package as a user gets it (see
 * src/testing/pack.ts). LATCH_PACK_PORT picks the port (default: any free one).
 */
import { checkPackedServer } from './src/testing/pack.js'

const report = await checkPackedServer({
  port: Number(process.env.LATCH_PACK_PORT ?? 0),
  log: (line) => console.log(`[${new Date().toISOString()}] ${line}`),
})
// No chain node runs here, so the server is "degraded"; the database must be up.
const ok =
  /^\d+\.\d+\.\d+/.test(report.version) &&
  report.health.body.database?.ok === true &&
  report.docsStatus === 200
console.log(ok ? 'ok' : `FAILED: ${JSON.stringify(report)}`)
process.exitCode = ok ? 0 : 1
