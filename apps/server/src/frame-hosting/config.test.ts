import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'

function issuesOf(env: Record<string, string>, cwd: string): readonly string[] {
  try {
    loadConfig(env, cwd)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).issues
  }
  throw new Error('expected a ConfigError')
}

describe('LATCH_FRAME_DIR', () => {
  let base: string
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-frame-config-'))
    fs.mkdirSync(path.join(base, 'app'))
    fs.writeFileSync(path.join(base, 'app', 'index.html'), '<!doctype html>')
  })
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

  test('unset: no frame hosting', () => {
    expect(loadConfig({}, base).frameDir).toBeUndefined()
  })

  test('resolved against the working directory', () => {
    expect(loadConfig({ LATCH_FRAME_DIR: 'app' }, base).frameDir).toBe(path.join(base, 'app'))
  })

  test('a folder without a build is refused', () => {
    expect(issuesOf({ LATCH_FRAME_DIR: 'missing' }, base)).toEqual([
      `LATCH_FRAME_DIR: must be the built frame's folder (with index.html), got ${JSON.stringify(path.join(base, 'missing'))}`,
    ])
  })

  test("the frame may not share the API's host name", () => {
    const issues = issuesOf(
      {
        LATCH_FRAME_DIR: 'app',
        LATCH_PUBLIC_URL: 'https://latch.example.com',
        LATCH_FRAME_ORIGINS: 'https://latch.example.com',
      },
      base,
    )
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatch(/^LATCH_FRAME_ORIGINS: the frame needs a host name of its own/)
    expect(
      loadConfig(
        {
          LATCH_FRAME_DIR: 'app',
          LATCH_PUBLIC_URL: 'https://latch.example.com',
          LATCH_FRAME_ORIGINS: 'https://wallet.example.com',
        },
        base,
      ).frameDir,
    ).toBe(path.join(base, 'app'))
  })
})
