import fs from 'node:fs'
import path from 'node:path'
import { DatabaseOpenError } from './errors.js'

export const LOCK_FILE = 'latch.lock'

interface LockOwner {
  pid: number
  /** Kernel start time of the process (Linux); tells a reused pid from the owner. */
  start: string | null
}

/** The start time of `pid` in clock ticks since boot, from /proc; null where there is no /proc. */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Field 2 (the command) may hold spaces and parentheses; fields after the last ')' do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function alive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  // A container restart hands the same small pids to new processes.
  const start = processStart(owner.pid)
  return owner.start === null || start === null || start === owner.start
}

function readOwner(file: string): LockOwner | null {
  try {
    const text = fs.readFileSync(file, 'utf8')
    const parsed = JSON.parse(text) as Partial<LockOwner>
    return Number.isInteger(parsed.pid)
      ? { pid: parsed.pid!, start: typeof parsed.start === 'string' ? parsed.start : null }
      : null
  } catch {
    return null
  }
}

/**
 * Claims `dir` for this process. PGlite is single-process: two servers writing one data dir
 * corrupt it, so a live owner is an error. A lock left by a killed process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE)
  const me = JSON.stringify({ pid: process.pid, start: processStart(process.pid) })
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, me, { flag: 'wx' })
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file)
        } catch {}
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(file)
      if (owner && alive(owner))
        throw new DatabaseOpenError(
          `The PGlite data folder ${dir} is in use by ${owner.pid === process.pid ? 'this process' : `another process (pid ${owner.pid})`}. Stop it, or set LATCH_DATA_DIR to another folder.`,
        )
      fs.rmSync(file, { force: true })
    }
  }
  throw new DatabaseOpenError(`Could not lock the PGlite data folder ${dir}.`)
}
