/**
 * CPU time by process group during a benchmark run, from /proc (Linux): on a 2-core machine that
 * also runs the load generator, nginx, Postgres and Redis, what each takes per request says
 * where a throughput ceiling comes from — unlike latency, it barely moves with other load.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import pg from 'pg'

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100

/** utime + stime of one process, in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
  } catch {
    return 0
  }
}

/** Processes whose parent is `pid` (nginx's workers under its master). */
export function childrenOf(pid: number): number[] {
  const out: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) out.push(Number(entry))
    } catch {}
  }
  return out
}

/** The Postgres backends serving one database now (the servers' pools). */
export async function backendsOf(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const name = new URL(databaseUrl).pathname.slice(1)
    const rows = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    )
    return rows.rows.map((r) => r.pid)
  } finally {
    await client.end()
  }
}

/** The pid of the process listening on a loopback TCP port (Redis), from /proc/net/tcp. */
export function listenerPid(port: number): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/)
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9]!)
    }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const link = readlinkSafe(`/proc/${entry}/fd/${fd}`)
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1]
        if (inode && inodes.has(inode)) return Number(entry)
      }
    } catch {}
  }
  return undefined
}

function readlinkSafe(path: string): string {
  try {
    return readlinkSync(path)
  } catch {
    return ''
  }
}

/** Named groups of pids, resolved at each sample (Postgres backends come and go). */
export type CpuGroups = Record<string, () => Promise<number[]> | number[]>

export interface CpuSample {
  at: number
  /** ms of CPU by pid, by group. */
  groups: Record<string, Map<number, number>>
  /** This process: the load generator. */
  self: number
}

export async function sampleCpu(groups: CpuGroups): Promise<CpuSample> {
  const out: CpuSample['groups'] = {}
  for (const [name, pidsOf] of Object.entries(groups))
    out[name] = new Map((await pidsOf()).map((pid) => [pid, cpuMs(pid)]))
  const usage = process.cpuUsage()
  return { at: performance.now(), groups: out, self: (usage.user + usage.system) / 1000 }
}

/**
 * CPU ms each group spent per request between two samples, and the share of one core it took.
 * A process that started mid-run counts from zero; one that ended mid-run (a pool's idle
 * backend) counts nothing of the run: its time is lost, so the figure can only be low.
 */
export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): Record<string, { perRequest: number; cores: number }> {
  const seconds = (after.at - before.at) / 1000
  const out: Record<string, { perRequest: number; cores: number }> = {}
  const add = (name: string, ms: number) => {
    out[name] = {
      perRequest: Math.round((ms / Math.max(1, requests)) * 1000) / 1000,
      cores: Math.round((ms / 1000 / seconds) * 100) / 100,
    }
  }
  for (const [name, end] of Object.entries(after.groups)) {
    const start = before.groups[name] ?? new Map<number, number>()
    let ms = 0
    for (const [pid, used] of end) ms += used - (start.get(pid) ?? 0)
    add(name, ms)
  }
  add('load generator', after.self - before.self)
  return out
}
