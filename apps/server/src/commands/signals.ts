/**
 * Keeps a long-running command alive until SIGINT or SIGTERM, then runs `stop` and resolves with
 * the exit code (1 when stopping failed). The handlers are in place when this returns, so a
 * command may announce itself right after: whoever waits for that line may send a signal.
 */
export function runUntilSignal(
  stop: (signal: NodeJS.Signals) => Promise<void>,
  stderr: NodeJS.WritableStream,
): Promise<number> {
  return new Promise<number>((resolve) => {
    let stopping = false
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second signal means the user gave up waiting.
        stderr.write(`${signal} again: exiting without a clean shutdown.\n`)
        process.exit(130)
      }
      stopping = true
      stop(signal).then(
        () => resolve(0),
        (error: Error) => {
          stderr.write(`Shutdown failed: ${error.message}\n`)
          resolve(1)
        },
      )
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
}
