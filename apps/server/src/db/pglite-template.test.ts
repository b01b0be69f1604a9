import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { DatabaseOpenError } from './errors.js'
import { PGLITE_TEMPLATE_ENV, pgliteTemplateFor } from './pglite-template.js'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-template-unit-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const tarball = path.join(tmp, 'template.tar')
fs.writeFileSync(tarball, 'not really a tarball, only its bytes matter here')

describe('pgliteTemplateFor', () => {
  test('without the variable nothing is loaded: the product opens as always', () => {
    expect(pgliteTemplateFor(null, {})).toBeUndefined()
    expect(pgliteTemplateFor(path.join(tmp, 'fresh'), {})).toBeUndefined()
  })

  test('a fresh folder, or memory, gets the named file', async () => {
    const env = { [PGLITE_TEMPLATE_ENV]: tarball }
    for (const dir of [null, path.join(tmp, 'fresh')]) {
      const blob = pgliteTemplateFor(dir, env)
      expect(blob).toBeInstanceOf(Blob)
      expect(Buffer.from(await blob!.arrayBuffer())).toEqual(fs.readFileSync(tarball))
    }
  })

  test('a folder that already holds a database keeps it', () => {
    const dir = path.join(tmp, 'existing')
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n')
    expect(pgliteTemplateFor(dir, { [PGLITE_TEMPLATE_ENV]: tarball })).toBeUndefined()
  })

  test('an unreadable template is an error naming it, not a silent initdb', () => {
    const missing = path.join(tmp, 'missing.tar')
    const open = () => pgliteTemplateFor(null, { [PGLITE_TEMPLATE_ENV]: missing })
    expect(open).toThrow(DatabaseOpenError)
    expect(open).toThrow(missing)
  })
})
