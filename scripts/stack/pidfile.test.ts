import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { endStaleProcess, writePidFile } from './pidfile.js'

const dir = mkdtempSync(path.join(tmpdir(), 'latch-pid-'))

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('endStaleProcess', () => {
  it('ends a leftover process whose command line carries the marker', async () => {
    const child = spawn('sleep', ['30'])
    const exited = new Promise((r) => child.once('exit', r))
    const file = path.join(dir, 'a.pid')
    writePidFile(file, { pid: child.pid!, marker: 'sleep' })
    expect(await endStaleProcess(file)).toBe(child.pid)
    await exited
    expect(existsSync(file)).toBe(false)
  })

  it('leaves alone a process that is not the one recorded', async () => {
    const child = spawn('sleep', ['30'])
    const file = path.join(dir, 'b.pid')
    writePidFile(file, { pid: child.pid!, marker: 'anvil' })
    expect(await endStaleProcess(file)).toBeNull()
    expect(alive(child.pid!)).toBe(true)
    child.kill()
  })

  it('shrugs off a garbage pid file', async () => {
    const file = path.join(dir, 'c.pid')
    writeFileSync(file, '{not json')
    expect(await endStaleProcess(file)).toBeNull()
    expect(existsSync(file)).toBe(false)
  })
})
