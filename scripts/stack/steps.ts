/**
 * `npm start` announces each part as it starts and how long it took, so a slow start points
 * at its cause (a cold chain seed, a migration) instead of one long silence.
 */
export interface StepTimer {
  step<T>(name: string, run: () => Promise<T>, detail?: (result: T) => string): Promise<T>
  /** Seconds since the timer was made. */
  elapsed(): number
}

export function createStepTimer(
  log: (line: string) => void,
  now: () => number = () => performance.now(),
): StepTimer {
  const started = now()
  return {
    async step(name, run, detail) {
      log(`${name}…`)
      const begin = now()
      const result = await run()
      const extra = detail ? detail(result) : ''
      log(`${name}: ${formatSeconds(now() - begin)}${extra ? ` (${extra})` : ''}`)
      return result
    },
    elapsed: () => (now() - started) / 1000,
  }
}

export const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
