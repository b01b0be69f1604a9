import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DatabaseOpenError } from './errors.js'
import { LOCK_FILE, lockDataDir, processStart } from './lock.js'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-lock-'))
})
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

const lockFile = () => path.join(dir, LOCK_FILE)

test('locks, refuses a second holder, and releases', () => {
  const release = lockDataDir(dir)
  expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid)
  expect(() => lockDataDir(dir)).toThrow(DatabaseOpenError)
  expect(() => lockDataDir(dir)).toThrow(`${dir} is in use by this process`)
  release()
  expect(fs.existsSync(lockFile())).toBe(false)
  lockDataDir(dir)()
})

test('a lock left by a dead process is taken over', () => {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!
  fs.writeFileSync(lockFile(), JSON.stringify({ pid: dead, start: '1' }))
  const release = lockDataDir(dir)
  expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid)
  release()
})

test('an unreadable lock file is taken over', () => {
  fs.writeFileSync(lockFile(), 'garbage')
  lockDataDir(dir)()
})

test('a live owner is refused, named by pid; the same pid with another start time is not', async () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  try {
    const pid = child.pid!
    const start = processStart(pid)
    fs.writeFileSync(lockFile(), JSON.stringify({ pid, start }))
    expect(() => lockDataDir(dir)).toThrow(`another process (pid ${pid})`)
    if (start !== null) {
      // The pid was reused by a process started later than the lock's owner.
      fs.writeFileSync(lockFile(), JSON.stringify({ pid, start: `${start}0` }))
      lockDataDir(dir)()
    }
  } finally {
    child.kill('SIGKILL')
  }
})
