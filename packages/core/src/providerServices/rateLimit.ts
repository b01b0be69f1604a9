/** A sliding-window counter: at most `limit` hits in any `windowMs`. */
export function createRateLimiter(options: {
  limit: number
  windowMs: number
  now?: (() => number) | undefined
}) {
  const now = options.now ?? Date.now
  let hits: number[] = []
  return {
    /** Records a hit and returns true, or returns false when the window is full. */
    tryAcquire(): boolean {
      const time = now()
      hits = hits.filter((hit) => time - hit < options.windowMs)
      if (hits.length >= options.limit) return false
      hits.push(time)
      return true
    },
    reset(): void {
      hits = []
    },
  }
}
