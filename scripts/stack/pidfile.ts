import { readFileSync, rmSync, writeFileSync } from 'node:fs'

/**
 * `npm start` keeps every part in its own process but anvil, which is a separate binary.
 * After a kill -9 of `npm start`, that anvil is orphaned; the pid file lets the next start end it.
 */
export interface PidRecord {
  pid: number
  /** A word that must appear in the process's command line, so a reused pid is never killed. */
  marker: string
}

function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return null
  }
}

export function writePidFile(file: string, record: PidRecord): void {
  writeFileSync(file, JSON.stringify(record))
}

export function removePidFile(file: string): void {
  rmSync(file, { force: true })
}

/** Ends the process a previous run left behind, if it is still the same program. */
export async function endStaleProcess(file: string): Promise<number | null> {
  let record: PidRecord
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as PidRecord
  } catch {
    removePidFile(file)
    return null
  }
  removePidFile(file)
  if (!Number.isInteger(record.pid) || typeof record.marker !== 'string') return null
  const cmd = commandLine(record.pid)
  if (!cmd?.includes(record.marker)) return null
  process.kill(record.pid, 'SIGTERM')
  for (let i = 0; i < 50 && commandLine(record.pid) !== null; i++) {
    await new Promise((r) => setTimeout(r, 100))
  }
  if (commandLine(record.pid) !== null) process.kill(record.pid, 'SIGKILL')
  return record.pid
}
