import fs from 'node:fs'
import path from 'node:path'
import { DatabaseOpenError } from './errors.js'

const LOCK_FILE = 'latch.lock'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Claims `dir` for this process. PGlite is single-process: two servers writing one data dir
 * corrupt it, so a live owner is an error. A lock left by a killed process is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
        } catch {}
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner))
        throw new DatabaseOpenError(
          `The PGlite data folder ${dir} is in use by another process (pid ${owner}). Stop it, or set LATCH_DATA_DIR to another folder.`,
        )
      fs.rmSync(file, { force: true })
    }
  }
  throw new DatabaseOpenError(`Could not lock the PGlite data folder ${dir}.`)
}
