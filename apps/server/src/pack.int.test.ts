import { expect, test } from 'vitest'
import { checkPackedServer } from './testing/pack.js'

// Packs, installs from the npm cache (the registry on a cold machine), then starts the server.
test('the packed latch-server runs with npx outside the workspace', async () => {
  const report = await checkPackedServer()
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
