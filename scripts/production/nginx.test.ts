import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_NGINX,
  ensureNginx,
  type NginxMachine,
  nginxConfig,
  parseAccessLine,
  planNginx,
  proxySites,
  TIMINGS_FORMAT,
} from './nginx.js'

const machine = (over: Partial<NginxMachine> = {}): NginxMachine => ({
  nginxPath: undefined,
  exists: () => false,
  isRoot: false,
  passwordlessSudo: () => false,
  hasAptGet: true,
  debianLike: true,
  ...over,
})

describe('planNginx', () => {
  it('uses NGINX_PATH first, then the Debian path', () => {
    const present = new Set(['/opt/nginx/sbin/nginx', DEFAULT_NGINX])
    const exists = (p: string) => present.has(p)
    expect(planNginx(machine({ nginxPath: '/opt/nginx/sbin/nginx', exists }))).toEqual({
      kind: 'found',
      path: '/opt/nginx/sbin/nginx',
    })
    expect(planNginx(machine({ nginxPath: '/missing', exists }))).toEqual({
      kind: 'found',
      path: DEFAULT_NGINX,
    })
  })

  it('installs the distribution package as root, or with sudo that asks no password', () => {
    const asRoot = planNginx(machine({ isRoot: true }))
    expect(asRoot).toMatchObject({ kind: 'install', path: DEFAULT_NGINX })
    expect(asRoot.kind === 'install' && asRoot.commands.at(-1)).toEqual([
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      'nginx-light',
    ])
    const withSudo = planNginx(machine({ passwordlessSudo: () => true }))
    expect(withSudo.kind === 'install' && withSudo.commands[0]?.slice(0, 2)).toEqual(['sudo', '-n'])
  })

  it('says the one command to run when it may not install, and what to do off Debian', () => {
    expect(planNginx(machine())).toEqual({
      kind: 'instruct',
      message: expect.stringContaining('sudo apt-get install -y nginx-light'),
    })
    expect(planNginx(machine({ debianLike: false, isRoot: true }))).toEqual({
      kind: 'instruct',
      message: expect.stringContaining('set NGINX_PATH'),
    })
  })

  it('reports a failed install with the command that failed', () => {
    const lines: string[] = []
    const outcome = ensureNginx(
      machine({ isRoot: true }),
      (l) => lines.push(l),
      () => 100,
    )
    expect(outcome).toEqual({
      ok: false,
      message: expect.stringContaining('apt-get update -qq` failed (exit 100)'),
    })
    expect(lines[1]).toBe('$ env DEBIAN_FRONTEND=noninteractive apt-get update -qq')
  })
})

describe('the proxy configuration', () => {
  const sites = {
    upstreams: ['127.0.0.1:8787', '127.0.0.1:8788'],
    apiListen: '127.0.0.1:8080',
    frameListen: '127.0.0.1:8081',
  }

  it('is the one docs/deployment.md shows, word for word', () => {
    const docs = fs.readFileSync(new URL('../../docs/deployment.md', import.meta.url), 'utf8')
    expect(docs).toContain(`\`\`\`nginx\n${proxySites(sites)}\`\`\``)
  })

  it('retries a POST on the next server only for the JSON-RPC proxy', () => {
    const text = proxySites(sites)
    expect(text.match(/non_idempotent/g)).toHaveLength(1)
    expect(text).toMatch(/location = \/v1\/ \{[^}]*non_idempotent;/)
  })

  it('keeps every file nginx writes in its own folder', () => {
    const text = nginxConfig('/tmp/run-1', sites)
    const paths = [...text.matchAll(/(?:pid|_temp_path|access_log) (\S+?);?(?:\s|$)/g)].map(
      (m) => m[1],
    )
    expect(paths.length).toBe(7)
    for (const p of paths) expect(p?.startsWith('/tmp/run-1/')).toBe(true)
  })

  it('logs request and upstream timings to a file of its own only when asked', () => {
    expect(nginxConfig('/tmp/run-1', sites)).not.toContain('timings')
    const text = nginxConfig('/tmp/run-1', sites, { timings: true })
    expect(text).toContain(`log_format timings '${TIMINGS_FORMAT}';`)
    expect(text).toContain('access_log /tmp/run-1/timings.log timings;')
    // The recipe's own access log is unchanged beside it.
    expect(text).toContain('access_log /tmp/run-1/access.log latch;')
  })

  it("keeps nginx's default requests per client connection unless told otherwise", () => {
    expect(nginxConfig('/tmp/run-1', sites)).not.toContain('keepalive_requests')
    const text = nginxConfig('/tmp/run-1', sites, { keepaliveRequests: 10_000_000 })
    expect(text).toMatch(/^http \{\n(?:.*\n)* {2}keepalive_requests 10000000;\n/m)
    // Only the client side: the upstream block's own keepalive is the recipe's.
    expect(text.match(/keepalive_requests/g)).toHaveLength(1)
  })
})

describe('parseAccessLine', () => {
  it('reads the servers nginx tried, the answering one last', () => {
    expect(
      parseAccessLine('1795786614.783 POST /v1/ 200 127.0.0.1:21001, 127.0.0.1:21002 0.012'),
    ).toEqual({
      at: 1795786614783,
      method: 'POST',
      uri: '/v1/',
      status: 200,
      upstreams: ['127.0.0.1:21001', '127.0.0.1:21002'],
    })
    expect(
      parseAccessLine('1795786614.783 GET /healthz 200 127.0.0.1:21002 0.003').upstreams,
    ).toEqual(['127.0.0.1:21002'])
  })
})
