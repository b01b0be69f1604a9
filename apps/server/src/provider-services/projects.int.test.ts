import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../config.js'
import { projects } from '../db/schema/projects.js'
import { spawnCli } from '../testing/cli.js'
import { projectCommand } from './cli-project.js'
import {
  createProject,
  DEV_PROJECT_NAME,
  ensureDevProject,
  findProject,
  listProjects,
  ProjectInputError,
  updateProject,
} from './projects.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

describe.each(['pglite', 'postgres'] as const)('projects repository on %s', (kind) => {
  let t: ProviderTestApp
  let skip = ''
  beforeAll(async () => {
    const opened = await openTestApp(kind)
    if ('unavailable' in opened) skip = opened.unavailable
    else t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  test('database is available', () => {
    expect(skip).toBe('')
  })

  test('create: random 32-hex id, validated input', async () => {
    const p = await createProject(t.app.db, { name: ' Shop ', origins: ['https://shop.example'] })
    expect(p.id).toMatch(/^[0-9a-f]{32}$/)
    expect(p).toMatchObject({
      name: 'Shop',
      allowedOrigins: ['https://shop.example'],
      analyticsEnabled: false,
    })
    expect(p.features.multiWallet).toBe(false)
    await expect(createProject(t.app.db, { name: 'x', origins: ['shop.example'] })).rejects.toThrow(
      ProjectInputError,
    )
    await expect(createProject(t.app.db, { name: '', origins: [] })).rejects.toThrow(
      ProjectInputError,
    )
    await expect(createProject(t.app.db, { id: 'bad id', name: 'x', origins: [] })).rejects.toThrow(
      ProjectInputError,
    )
  })

  test("'*' and wildcards over a public suffix are refused on save; an old row holding one can drop it", async () => {
    for (const entry of ['*', 'https://*.com', 'https://*.co.uk', 'https://*.github.io']) {
      const created = createProject(t.app.db, { name: 'Careless', origins: [entry] })
      await expect(created, entry).rejects.toMatchObject({
        name: 'ProjectInputError',
        code: 'ORIGIN_TOO_BROAD',
        message: expect.stringContaining(JSON.stringify(entry)),
      })
    }
    const ok = await createProject(t.app.db, {
      name: 'Previews',
      origins: ['https://*.example.com', 'http://*.localhost:3000'],
    })
    await expect(
      updateProject(t.app.db, ok.id, { addOrigins: ['https://*.vercel.app'] }),
    ).rejects.toMatchObject({ code: 'ORIGIN_TOO_BROAD' })
    expect((await findProject(t.app.db, ok.id))!.allowedOrigins).toEqual(ok.allowedOrigins)
    // A row saved before the rule (written directly): any other change names the entry, and
    // removing it is how the operator fixes the project.
    await t.app.db
      .insert(projects)
      .values({ id: `old-${kind}`, name: 'Old', allowedOrigins: ['*', 'https://a.example'] })
    await expect(
      updateProject(t.app.db, `old-${kind}`, { addOrigins: ['https://b.example'] }),
    ).rejects.toMatchObject({ code: 'ORIGIN_TOO_BROAD' })
    const fixed = await updateProject(t.app.db, `old-${kind}`, { removeOrigins: ['*'] })
    expect(fixed!.allowedOrigins).toEqual(['https://a.example'])
  })

  test('update merges feature flags and replaces origins', async () => {
    const p = await createProject(t.app.db, { name: 'Upd', origins: ['https://a.example'] })
    const u = await updateProject(t.app.db, p.id, {
      origins: ['https://b.example'],
      features: { multiWallet: true },
      analyticsEnabled: true,
    })
    expect(u).toMatchObject({ allowedOrigins: ['https://b.example'], analyticsEnabled: true })
    expect(u!.features).toMatchObject({ multiWallet: true, email: true })
    expect(await updateProject(t.app.db, 'missing', { name: 'x' })).toBeUndefined()
  })

  test('ensureDevProject with a fixed id: creates once, then reuses and adds new origins', async () => {
    const id = `dev-${kind}`
    const first = await ensureDevProject(t.app.db, { id, origins: ['http://localhost:5173'] })
    expect(first).toMatchObject({ id, name: DEV_PROJECT_NAME, analyticsEnabled: true })
    const again = await ensureDevProject(t.app.db, {
      id,
      origins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    })
    expect(again.id).toBe(id)
    expect(again.allowedOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173'])
    expect((await listProjects(t.app.db)).filter((p) => p.id === id)).toHaveLength(1)
  })

  test('ensureDevProject without an id reuses the dev project by name', async () => {
    const a = await ensureDevProject(t.app.db, { origins: ['http://localhost:5173'] })
    const b = await ensureDevProject(t.app.db, { origins: ['http://localhost:5173'] })
    expect(b.id).toBe(a.id)
    expect(await findProject(t.app.db, a.id)).toBeDefined()
  })

  test('two starters racing on one fixed id end up with one project', async () => {
    const id = `race-${kind}`
    const [a, b] = await Promise.all([
      ensureDevProject(t.app.db, { id, origins: ['http://localhost:5173'] }),
      ensureDevProject(t.app.db, { id, origins: ['http://localhost:5173'] }),
    ])
    expect(a.id).toBe(id)
    expect(b.id).toBe(id)
  })
})

describe('project CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-project-cli-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const env = { LATCH_DATA_DIR: dir, LATCH_LOG_LEVEL: 'silent' }

  // In-process, against the same data folder, for the cases that need no new process.
  async function run(args: string[]) {
    let stdout = ''
    let stderr = ''
    const sink = (append: (s: string) => void) =>
      ({
        write: (chunk: string) => {
          append(chunk)
          return true
        },
      }) as unknown as NodeJS.WritableStream
    const code = await projectCommand.run({
      args,
      config: () => loadConfig(env),
      stdout: sink((s) => {
        stdout += s
      }),
      stderr: sink((s) => {
        stderr += s
      }),
    })
    return { code, stdout, stderr }
  }

  test('latch-server project create prints the id; list shows it; bad input exits 2', {
    timeout: 120_000,
  }, async () => {
    const create = spawnCli(
      [
        'project',
        'create',
        '--name',
        'CLI shop',
        '--origin',
        'https://shop.example',
        '--origin',
        'http://localhost:5173',
      ],
      env,
    )
    expect(await create.exited, create.stderr()).toBe(0)
    const id = create.stdout().trim()
    expect(id).toMatch(/^[0-9a-f]{32}$/)

    const list = await run(['list'])
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toContain(
      `${id}\tCLI shop\thttps://shop.example,http://localhost:5173\tanalytics off`,
    )

    const bad = await run(['create', '--name', 'x', '--origin', 'shop.example'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('must look like https://app.example.com')

    const flags = await run([
      'update',
      '--id',
      id,
      '--analytics',
      '--features',
      '{"multiWallet":true}',
    ])
    expect(flags.code, flags.stderr).toBe(0)
    expect((await run(['list'])).stdout).toContain('analytics on')
    expect((await run(['update', '--id', id, '--features', '{"nope":1}'])).code).toBe(2)
    expect(
      (await run(['create', '--id', id, '--name', 'dup', '--origin', 'https://a.b'])).code,
    ).toBe(1)
  })
})
