/**
 * A steady load of clients for the production test: each client loops over its requests at a
 * fixed pace (a rate, so the counts stay inside the per-project rate limits, not a wait for
 * anything), records every answer's latency, and retries once only on a connection error — the
 * one thing a client of a proxy can see while the proxy itself restarts a connection. Retries are
 * counted, and every non-2xx answer is a failure.
 */

export interface LoadRequest {
  name: string
  send(): Promise<Response>
}

export interface Sample {
  name: string
  /** ms since the epoch when the request was first sent. */
  startedAt: number
  ms: number
  status: number
}

export interface Load {
  samples: Sample[]
  /** One line per failed request: its name and status, or the connection error. */
  failures: string[]
  /** Requests sent again after a connection error. */
  retries: number
  /** Stops every client after its request in flight; resolves when all have stopped. */
  stop(): Promise<void>
}

export interface LoadOptions {
  /** The requests of client `i`, sent in turn. */
  requestsOf(client: number): LoadRequest[]
  clients: number
  /** Each client starts a request at most this often. */
  intervalMs: number
}

async function sendWithRetry(
  request: LoadRequest,
  countRetry: () => void,
): Promise<Response | Error> {
  try {
    return await request.send()
  } catch {
    countRetry()
    try {
      return await request.send()
    } catch (error) {
      return error as Error
    }
  }
}

export function startLoad({ requestsOf, clients, intervalMs }: LoadOptions): Load {
  const samples: Sample[] = []
  const failures: string[] = []
  let retries = 0
  let running = true
  const client = async (index: number) => {
    const requests = requestsOf(index)
    for (let n = 0; running; n++) {
      const request = requests[n % requests.length]!
      const startedAt = Date.now()
      const answer = await sendWithRetry(request, () => retries++)
      const ms = Date.now() - startedAt
      if (answer instanceof Error) {
        failures.push(`${request.name}: ${answer.message}`)
        samples.push({ name: request.name, startedAt, ms, status: 0 })
      } else {
        // Read whole: a body cut off by a dying server is a failure too.
        const body = await answer.text().catch((error: Error) => error)
        const ok = answer.ok && typeof body === 'string'
        if (!ok) failures.push(`${request.name}: ${answer.status} ${String(body).slice(0, 200)}`)
        samples.push({ name: request.name, startedAt, ms, status: ok ? answer.status : 0 })
      }
      const pause = startedAt + intervalMs - Date.now()
      if (pause > 0 && running) await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
  const done = Promise.all(Array.from({ length: clients }, (_, i) => client(i)))
  return {
    samples,
    failures,
    get retries() {
      return retries
    },
    async stop() {
      running = false
      await done
    },
  }
}

/** The p-th percentile (0–100) of `values`, nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}
