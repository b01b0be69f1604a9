import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contentTypeOf, resolveFrameFile } from './files.js'

describe('resolveFrameFile (attacker: reading files outside the frame build)', () => {
  let base: string
  let root: string
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-frame-files-'))
    root = path.join(base, 'app')
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>')
    fs.writeFileSync(path.join(root, 'assets', 'main.js'), '1')
    fs.writeFileSync(path.join(root, '.env'), 'SECRET=1')
    fs.writeFileSync(path.join(base, 'secret.txt'), 'secret')
    fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'))
  })
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }))

  test('serves files of the build, index.html for the root', async () => {
    expect(await resolveFrameFile(root, '/')).toBe(path.join(fs.realpathSync(root), 'index.html'))
    expect(await resolveFrameFile(root, '')).toBe(path.join(fs.realpathSync(root), 'index.html'))
    expect(await resolveFrameFile(root, '/assets/main.js')).toBe(
      path.join(fs.realpathSync(root), 'assets', 'main.js'),
    )
  })

  test.each([
    '/../secret.txt',
    '../secret.txt',
    '/assets/../../secret.txt',
    '/./index.html',
    '/assets//main.js',
    '/.env',
    '/assets\\..\\..\\secret.txt',
    '/index.html\0.js',
    '/assets/link.txt',
    '/assets',
    '/missing.html',
  ])('refuses %j', async (requestPath) => {
    expect(await resolveFrameFile(root, requestPath)).toBeUndefined()
  })

  test('content types; unknown ones are bytes', () => {
    expect(contentTypeOf('a/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeOf('main.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('x.bin')).toBe('application/octet-stream')
  })
})
