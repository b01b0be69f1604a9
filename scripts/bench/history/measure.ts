/**
 * One autocannon run of the history benchmark, and what the other side saw in the same run:
 * the servers' own request histogram (`/metrics`) and, through nginx, its timings log. Told
 * apart, the three say whether time goes to the server, to nginx or to the load generator.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import autocannon from 'autocannon'
import { type CpuGroups, cpuPerRequest, sampleCpu } from './cpu.js'

export const HISTORY_ROUTE = '/v1/account/:address/history'

export interface RunTarget {
  url: string
  paths: string[]
  headers?: Record<string, string>
  projectIds?: string[]
  /** Servers whose `/metrics` to read before and after (with their bearer token). */
  metrics?: { urls: string[]; token: string }
  /** nginx's timings.log (scripts/production/nginx.ts TIMINGS_FORMAT). */
  timingsLog?: string
  /** Process groups whose CPU time per request to report (cpu.ts). */
  cpu?: CpuGroups
  /**
   * How requests pick a project. `repeat`: each path always with the same project, so the pages
   * a run asks for are the paths' (a wallet refreshing its history: what a page cache serves).
   * `distinct` (default): the project rotates apart from the path and carries on across runs, so
   * no (project, page) pair comes back within lcm(paths, projects) requests and a page cache
   * only misses.
   */
  pages?: 'repeat' | 'distinct'
  /**
   * Requests per second for the whole run (autocannon's `overallRate`), or as fast as the
   * connections go. Unpaced, the bench outruns the per-project rate limits and counts the 429s as
   * failed; a paced run asks whether the stack holds a given rate with nothing refused.
   */
  rate?: number
}

export interface RunResult {
  connections: number
  p50: number
  p90: number
  p99: number
  mean: number
  max: number
  rps: number
  total: number
  non2xx: number
  errors: number
  timeouts: number
  /** 1-minute load average when the run started, and when it ended. */
  load: [number, number]
  /** Mean time the servers measured for a 2xx history answer (onResponse's elapsedTime), ms. */
  serverMeanMs?: number
  serverCount?: number
  /** CPU ms per request and cores used, by process group (cpu.ts). */
  cpu?: Record<string, { perRequest: number; cores: number }>
  /** The servers' history cache answers in the run (latch_history_cache_requests_total). */
  cache?: { hit: number; miss: number; bypass: number }
  /** What nginx logged for the run's requests, ms. */
  nginx?: {
    count: number
    mean: number
    p50: number
    p99: number
    upstreamMean: number
    upstreamP99: number
  }
}

interface Sums {
  sum: number
  count: number
  cache: { hit: number; miss: number; bypass: number }
}

async function historySums(metrics: NonNullable<RunTarget['metrics']>): Promise<Sums> {
  const total: Sums = { sum: 0, count: 0, cache: { hit: 0, miss: 0, bypass: 0 } }
  for (const url of metrics.urls) {
    const text = await (
      await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metrics.token}` } })
    ).text()
    const series = `{method="GET",route="${HISTORY_ROUTE}",status_class="2xx"}`
    for (const line of text.split('\n')) {
      if (line.startsWith(`latch_http_request_duration_seconds_sum${series}`))
        total.sum += Number(line.split(' ').at(-1))
      if (line.startsWith(`latch_http_request_duration_seconds_count${series}`))
        total.count += Number(line.split(' ').at(-1))
      const cache = /^latch_history_cache_requests_total\{outcome="(hit|miss|bypass)"\} (\S+)/.exec(
        line,
      )
      if (cache) total.cache[cache[1] as 'hit'] += Number(cache[2])
    }
  }
  return total
}

const readLines = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean)
  } catch {
    return []
  }
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

/** `$request_time … $upstream_response_time …` lines → ms figures (the last upstream tried). */
export function summariseTimings(lines: string[]): NonNullable<RunResult['nginx']> {
  const request: number[] = []
  const upstream: number[] = []
  for (const line of lines) {
    const fields = line.split(' ')
    const whole = Number(fields[0])
    // `$upstream_response_time` is `a, b` when nginx tried two servers: the fields shift.
    const answer = Number(fields.at(-3)?.replace(',', ''))
    if (Number.isFinite(whole)) request.push(whole * 1000)
    if (Number.isFinite(answer)) upstream.push(answer * 1000)
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0)
  request.sort((a, b) => a - b)
  upstream.sort((a, b) => a - b)
  const round = (x: number) => Math.round(x * 100) / 100
  return {
    count: request.length,
    mean: round(mean(request)),
    p50: round(percentile(request, 0.5)),
    p99: round(percentile(request, 0.99)),
    upstreamMean: round(mean(upstream)),
    upstreamP99: round(percentile(upstream, 0.99)),
  }
}

/** Requests rotate through `paths` and `projectIds`, one after another on every connection. */
// `distinct` carries on where the last run stopped: a warm-up must not fill the cache for it.
let distinctNext = 0

export async function run(
  target: RunTarget,
  connections: number,
  duration: number,
): Promise<RunResult> {
  let next = 0
  const projectIds = target.projectIds ?? ['bench']
  const pick = (): [string, string] => {
    if (target.pages === 'repeat') {
      const i = next++ % target.paths.length
      return [target.paths[i]!, projectIds[i % projectIds.length]!]
    }
    const k = distinctNext++
    return [target.paths[k % target.paths.length]!, projectIds[k % projectIds.length]!]
  }
  const setupRequest = (request: { path: string; method: string }) => {
    const [path, project] = pick()
    return { ...request, path: path.replace('projectId=bench', `projectId=${project}`) }
  }
  const requests = [{ method: 'GET' as const, setupRequest }]
  const headers = target.headers ?? {}
  const before = target.metrics ? await historySums(target.metrics) : undefined
  const logged = target.timingsLog ? readLines(target.timingsLog).length : 0
  const loadBefore = os.loadavg()[0]!
  const cpuBefore = target.cpu ? await sampleCpu(target.cpu) : undefined
  const paced = target.rate ? { overallRate: target.rate } : {}
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    headers,
    requests,
    ...paced,
  })
  const cpu = cpuBefore
    ? cpuPerRequest(cpuBefore, await sampleCpu(target.cpu!), result.requests.total)
    : undefined
  const out: RunResult = {
    connections,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    mean: result.latency.average,
    max: result.latency.max,
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    load: [loadBefore, os.loadavg()[0]!],
    ...(cpu ? { cpu } : {}),
  }
  if (target.metrics && before) {
    const after = await historySums(target.metrics)
    const count = after.count - before.count
    out.serverCount = count
    out.serverMeanMs = count ? Math.round(((after.sum - before.sum) / count) * 100_000) / 100 : 0
    out.cache = {
      hit: after.cache.hit - before.cache.hit,
      miss: after.cache.miss - before.cache.miss,
      bypass: after.cache.bypass - before.cache.bypass,
    }
  }
  // nginx writes a line as each request ends: the log's lines past the count before are this run's.
  if (target.timingsLog) out.nginx = summariseTimings(readLines(target.timingsLog).slice(logged))
  return out
}

export function describe(name: string, r: RunResult): string {
  const server =
    r.serverMeanMs === undefined ? '' : `; servers: mean ${r.serverMeanMs} ms over ${r.serverCount}`
  const nginx = r.nginx
    ? `; nginx: mean ${r.nginx.mean} ms, p50 ${r.nginx.p50}, p99 ${r.nginx.p99} (upstream mean ${r.nginx.upstreamMean}, p99 ${r.nginx.upstreamP99}) over ${r.nginx.count}`
    : ''
  const cache =
    r.cache && r.cache.hit + r.cache.miss + r.cache.bypass > 0
      ? `; cache: ${r.cache.hit} hits, ${r.cache.miss} misses, ${r.cache.bypass} bypasses`
      : ''
  const cpu = r.cpu
    ? `\n    CPU ms per request (cores): ${Object.entries(r.cpu)
        .map(([group, c]) => `${group} ${c.perRequest} (${c.cores})`)
        .join(', ')}`
    : ''
  return `  ${name}, ${r.connections} connection(s): p50 ${r.p50} ms, p99 ${r.p99} ms (p90 ${r.p90}, mean ${r.mean}, max ${r.max} ms), ${r.rps} req/s, ${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, load ${r.load[0].toFixed(2)}→${r.load[1].toFixed(2)}${server}${cache}${nginx}${cpu}`
}
