declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p90: number
    p99: number
    max: number
  }
  interface Result {
    latency: Histogram
    requests: Histogram & { total: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  interface RequestSpec {
    method?: string
    path?: string
    setupRequest?: (request: { path: string; method: string }) => { path: string; method: string }
  }
  interface Options {
    url: string
    connections?: number
    headers?: Record<string, string>
    duration?: number
    requests?: RequestSpec[]
    /** Requests per second across all connections. */
    overallRate?: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
