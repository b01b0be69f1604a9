import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { type CliProcess, spawnCli, waitForListening } from '../testing/cli.js'

// Issue #14: the `project` CLI changes a running server's projects (PGlite lets only one process
// open the database) through the admin API, and the API refuses anyone without the token.
const TOKEN = 'admin-token-for-tests-0123456789'
const SLOW = 300_000

let anvil: AnvilInstance
let tmp: string
let server: CliProcess
let url: string

beforeAll(async () => {
  anvil = await startAnvil()
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-admin-'))
  server = spawnCli(['serve'], {
    LATCH_SERVER_PORT: '0',
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_LOG_LEVEL: 'warn',
    LATCH_DATA_DIR: tmp,
    LATCH_ADMIN_TOKEN: TOKEN,
  })
  url = await waitForListening(server)
}, SLOW)
afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  await anvil?.stop()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

async function project(args: string[], env: Record<string, string> = {}) {
  const cli = spawnCli(['project', ...args], {
    LATCH_DATA_DIR: tmp,
    LATCH_LOG_LEVEL: 'warn',
    LATCH_ADMIN_URL: url,
    LATCH_ADMIN_TOKEN: TOKEN,
    ...env,
  })
  const code = await cli.exited
  return { code, stdout: cli.stdout().trim(), stderr: cli.stderr().trim() }
}

const origins = async (id: string) =>
  (await project(['list'])).stdout
    .split('\n')
    .find((line) => line.startsWith(`${id}\t`))
    ?.split('\t')[2]

describe('project CLI against a running server', () => {
  test(
    'creates a project, adds and removes origins one by one, and --origin replaces the list',
    async () => {
      const created = await project([
        'create',
        '--name',
        'Shop',
        '--origin',
        'https://shop.example',
      ])
      expect(created).toMatchObject({ code: 0 })
      const id = created.stdout
      expect(id).toMatch(/^[0-9a-f]{32}$/)

      expect(
        (await project(['update', '--id', id, '--add-origin', 'http://127.0.0.1:4000'])).code,
      ).toBe(0)
      expect(await origins(id)).toBe('https://shop.example,http://127.0.0.1:4000')
      // The new origin is live at once: the running server answers it with CORS.
      const config = await fetch(`${url}/appkit/v1/config?projectId=${id}`, {
        headers: { origin: 'http://127.0.0.1:4000' },
      })
      expect(config.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000')

      expect(
        (await project(['update', '--id', id, '--remove-origin', 'https://shop.example'])).code,
      ).toBe(0)
      expect(await origins(id)).toBe('http://127.0.0.1:4000')
      expect(
        (
          await project([
            'update',
            '--id',
            id,
            '--origin',
            'https://a.example',
            '--origin',
            'https://b.example',
          ])
        ).code,
      ).toBe(0)
      expect(await origins(id)).toBe('https://a.example,https://b.example')

      const bad = await project(['update', '--id', id, '--add-origin', 'javascript:alert(1)'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toMatch(/must look like/)
      // A server secret for the RPC proxy: printed once, and it works.
      const secret = await project(['secret', '--id', id])
      expect(secret.code).toBe(0)
      expect(secret.stdout).toMatch(/^lps_[A-Za-z0-9_-]{43}$/)
      const rpc = await fetch(`${url}/v1/?chainId=31337&projectId=${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'latch-project-secret': secret.stdout },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
      expect(((await rpc.json()) as { result: string }).result).toBe('0x7a69')

      const missing = await project(['update', '--id', 'nope', '--add-origin', 'https://c.example'])
      expect(missing).toMatchObject({ code: 1, stderr: 'No project with id nope' })
    },
    SLOW,
  )

  test(
    "refuses '*' and wildcards over a public suffix, naming the entry; a wildcard under a domain is saved",
    async () => {
      const admin = (method: 'POST' | 'PATCH', path: string, body: object) =>
        fetch(`${url}/admin/v1/projects${path}`, {
          method,
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const ok = await admin('POST', '', {
        name: 'Previews',
        origins: ['https://*.example.com', 'https://app.example.org'],
      })
      expect(ok.status).toBe(201)
      const { id } = (await ok.json()) as { id: string }
      for (const entry of ['*', 'https://*.com', 'https://*.co.uk', 'https://*.github.io']) {
        for (const res of [
          await admin('POST', '', { name: 'Careless', origins: ['https://a.example', entry] }),
          await admin('PATCH', `/${id}`, { addOrigins: [entry] }),
          await admin('PATCH', `/${id}`, { origins: [entry] }),
        ]) {
          expect(res.status, entry).toBe(400)
          const { error } = (await res.json()) as { error: { code: string; message: string } }
          expect(error.code, entry).toBe('ORIGIN_TOO_BROAD')
          expect(error.message, entry).toContain(JSON.stringify(entry))
        }
      }
      // Nothing of the refused saves landed.
      expect(await origins(id)).toBe('https://*.example.com,https://app.example.org')
      expect((await project(['list'])).stdout).not.toMatch(/Careless/)
      // The CLI refuses them before it reaches the server.
      for (const entry of ['*', 'https://*.github.io']) {
        const cli = await project(['create', '--name', 'Careless', '--origin', entry])
        expect(cli.code, entry).toBe(2)
        expect(cli.stderr, entry).toContain(JSON.stringify(entry))
        const add = await project(['update', '--id', id, '--add-origin', entry])
        expect(add.code, entry).toBe(2)
      }
    },
    SLOW,
  )

  test(
    'an attacker without the token can neither read nor change projects, and guessing is limited',
    async () => {
      const wrong = await project(['list'], { LATCH_ADMIN_TOKEN: 'guess-guess-guess-guess-guess' })
      expect(wrong.code).toBe(1)
      expect(wrong.stderr).toMatch(/admin token/)
      expect(wrong.stdout).toBe('')
      const anonymous = await fetch(`${url}/admin/v1/projects`)
      expect(anonymous.status).toBe(401)
      const forged = await fetch(`${url}/admin/v1/projects/x`, {
        method: 'PATCH',
        headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
        body: JSON.stringify({ origins: ['*'] }),
      })
      expect(forged.status).toBe(401)
      let status = 0
      for (let i = 0; i < 70 && status !== 429; i++)
        status = (
          await fetch(`${url}/admin/v1/projects`, { headers: { authorization: `Bearer ${i}` } })
        ).status
      expect(status).toBe(429)
    },
    SLOW,
  )
})
