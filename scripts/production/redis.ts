import net from 'node:net'

/** Where the production test looks for Redis: `REDIS_URL_TEST`, else the local server. */
export const REDIS_TEST_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'

/**
 * Resolves with null when a Redis answers PING at `url`, else with the reason. A raw RESP
 * round trip: the scripts workspace needs no Redis client for one probe.
 */
export function probeRedis(
  url: string = REDIS_TEST_URL,
  timeoutMs = 1_000,
): Promise<string | null> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    let answer = ''
    const done = (reason: string | null) => {
      socket.destroy()
      resolve(reason)
    }
    socket.setTimeout(timeoutMs, () => done(`no Redis at ${url}: no answer in ${timeoutMs} ms`))
    socket.on('error', (error) => done(`no Redis at ${url}: ${error.message}`))
    socket.on('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      answer += chunk
      if (answer.includes('\r\n'))
        done(answer.startsWith('+PONG') ? null : `Redis at ${url} answered ${answer.trim()}`)
    })
  })
}

/**
 * The URL of one of Redis' numbered databases (1–15), so this stack's counters keyed by client
 * address alone (`/healthz`, `/admin/v1`) do not share a budget with other tests on database 0.
 * Project-scoped counters never collide: every run creates fresh project ids.
 */
export function redisDatabaseUrl(url: string = REDIS_TEST_URL): string {
  const parsed = new URL(url)
  parsed.pathname = `/${1 + Math.floor(Math.random() * 15)}`
  return parsed.href
}
