/**
 * Preload for a server under the history benchmark (`--server-env NODE_OPTIONS=--require <this>`,
 * as `--cpu-prof` is refused in NODE_OPTIONS): SIGUSR2 starts V8's CPU profiler, the next SIGUSR2
 * writes `server-<pid>-<ms>.cpuprofile` into PROF_DIR (default the temp folder). Profile a
 * steady load only, not the start-up.
 */
const inspector = require('node:inspector')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const session = new inspector.Session()
session.connect()
let profiling = false
process.on('SIGUSR2', () => {
  if (!profiling) {
    profiling = true
    session.post('Profiler.enable', () => session.post('Profiler.start'))
    return
  }
  profiling = false
  session.post('Profiler.stop', (error, result) => {
    if (error) return
    const file = path.join(
      process.env.PROF_DIR || os.tmpdir(),
      `server-${process.pid}-${Date.now()}.cpuprofile`,
    )
    fs.writeFileSync(file, JSON.stringify(result.profile))
  })
})
