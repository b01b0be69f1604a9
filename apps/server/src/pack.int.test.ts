import { expect, test } from 'vitest'
import { pgliteTemplateEnv } from './testing/database.js'
import { checkPackedServer } from './testing/pack.js'

// Packs, installs from the npm cache (the registry on a cold machine), then starts the server.
test('the packed latch-server runs with npx outside the workspace', async () => {
  // The packed server still reads every migration its drizzle/ journal names and applies those
  // the template lacks; the migrations themselves run on a fresh folder in cli.int's first start.
  const report = await checkPackedServer({ env: pgliteTemplateEnv() })
  expect(report.version).toMatch(/^\d+\.\d+\.\d+/)
  expect(report.tarballFiles).toEqual(
    expect.arrayContaining([
      'dist/bin.js',
      'drizzle/meta/_journal.json',
      'drizzle/0000_init.sql',
      'LICENSE',
      'README.md',
      'package.json',
    ]),
  )
  // Sources and tests stay out of the tarball.
  expect(report.tarballFiles.filter((file) => file.startsWith('src/'))).toEqual([])
  expect(report.health.status).toBe(200)
  expect(report.health.body.database).toEqual({ ok: true, kind: 'pglite' })
  expect(report.docsStatus).toBe(200)
}, 300_000)
