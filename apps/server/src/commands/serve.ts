import type { Command } from './types.js'

export const serveCommand: Command = {
  summary: 'open the database, migrate it and serve HTTP until SIGINT/SIGTERM (default)',
  async run({ config, stdout, stderr }) {
    const settings = config()
    // Loaded after the config is valid: a typo in the env should not cost seconds of imports.
    const { startServer } = await import('../server.js')
    const server = await startServer(settings)
    stdout.write(`Latch server listening on ${server.url} (database: ${server.database.kind})\n`)
    return new Promise<number>((resolve) => {
      let stopping = false
      const stop = (signal: NodeJS.Signals) => {
        if (stopping) {
          // A second signal means the user gave up waiting.
          stderr.write(`${signal} again: exiting without a clean shutdown.\n`)
          process.exit(130)
        }
        stopping = true
        server.app.log.info({ signal }, 'shutting down')
        server.close().then(
          () => resolve(0),
          (error: Error) => {
            stderr.write(`Shutdown failed: ${error.message}\n`)
            resolve(1)
          },
        )
      }
      process.on('SIGINT', stop)
      process.on('SIGTERM', stop)
    })
  },
}
