import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pgliteTemplateEnv } from '../apps/server/src/testing/database.js'
import { demoAccounts } from './devchain/accounts.js'
import { freePort, probeChain } from './devchain/anvil.js'
import { isAddressInUse } from './devchain/ports.js'
import { DEV_CHAINS } from './families.js'

// `npm start` itself, as a user runs it: ports and data folder of its own.
const root = path.resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'latch-start-'))
const children: ChildProcess[] = []

async function ports() {
  return {
    chain: await freePort(),
    server: await freePort(),
    web: await freePort(),
    frame: await freePort(),
    mailbox: await freePort(),
    mailboxSmtp: await freePort(),
    relay: await freePort(),
    idp: await freePort(),
    solana: await freePort(),
    bundler: await freePort(),
    // Each family's dev node ports, by the variables its dev chain names (scripts/families.ts).
    devChains: await devChainPorts(),
  }
}

async function devChainPorts(): Promise<Record<string, string>> {
  const ports: Record<string, string> = {}
  for (const name of DEV_CHAINS.flatMap((chain) => Object.keys(chain.ports ?? {})))
    ports[name] = String(await freePort())
  return ports
}

function start(p: Awaited<ReturnType<typeof ports>>) {
  const child = spawn(
    'node',
    ['--import', 'tsx', '--conditions=latch-source', 'scripts/start.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        LATCH_CHAIN_PORT: String(p.chain),
        LATCH_SERVER_PORT: String(p.server),
        LATCH_WEB_PORT: String(p.web),
        LATCH_FRAME_PORT: String(p.frame),
        LATCH_MAILBOX_PORT: String(p.mailbox),
        LATCH_MAILBOX_SMTP_PORT: String(p.mailboxSmtp),
        LATCH_RELAY_PORT: String(p.relay),
        LATCH_IDP_PORT: String(p.idp),
        LATCH_SOLANA_PORT: String(p.solana),
        ...p.devChains,
        LATCH_BUNDLER_PORT: String(p.bundler),
        LATCH_BUNDLER_URLS: '',
        LATCH_WALLETCONNECT_PROJECT_ID: '',
        LATCH_DATA_DIR: dataDir,
        // The first start opens a fresh PGlite from the tests' migrated template, not initdb.
        ...pgliteTemplateEnv(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.push(child)
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Press Ctrl-C to stop.')) {
        clearInterval(timer)
        resolve(output)
      }
    }, 100)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`npm start exited with ${code}:\n${output}`))
    })
  })
  return { child, ready, output: () => output }
}

/**
 * `npm start` on ports picked afresh (`fixed` kept), and again on new ones when a part found its
 * port taken: each is free when picked, but npm start binds the last of them many seconds later,
 * and another test's server can take one in between (seen: the dev Bitcoin node's). Any other
 * failure fails the test.
 */
async function startOnFreePorts(fixed: Partial<Awaited<ReturnType<typeof ports>>> = {}) {
  for (let attempt = 1; ; attempt++) {
    const p = { ...(await ports()), ...fixed }
    const run = start(p)
    try {
      return { p, run, output: await run.ready }
    } catch (error) {
      if (attempt === 3 || !isAddressInUse(error)) throw error
    }
  }
}

async function healthy(serverPort: number) {
  const response = await fetch(`http://127.0.0.1:${serverPort}/healthz`)
  return (await response.json()) as { status: string; chain: { ok: boolean } }
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Every port of a start, the dev chains' included. */
const portsOf = (p: Awaited<ReturnType<typeof ports>>) => [
  ...Object.values(p).filter((port) => typeof port === 'number'),
  ...Object.values(p.devChains),
]

/** Each part, as the stack announces it with its time, in the order it starts. */
const stepsOf = (output: string) =>
  [...output.matchAll(/^\[latch\] (.+?)(?: \(.*\))?: \d+(?:\.\d+)? s/gm)].map((m) => m[1])

// One test, two starts: a whole stack costs tens of seconds of CPU, so the start after kill -9 is
// the stack every part is then checked on, and the one SIGTERM stops (three starts before).
describe('npm start', () => {
  it('prints every URL once each part answers; after kill -9 starts again with no stale lock and no lost data, every part working; SIGTERM stops every part', {
    timeout: 300_000,
  }, async () => {
    const { p: fresh, run: first, output: firstOutput } = await startOnFreePorts()
    for (const port of portsOf(fresh)) expect(firstOutput).toContain(`:${port}`)
    expect((await healthy(fresh.server)).status).toBe('ok')
    // Each part is announced with its time, in the order it starts; then the API reference.
    const parts = [
      'dev chain',
      'dev bundler',
      'local Solana cluster',
      'dev Bitcoin node',
      'dev Cosmos node',
      'mailbox',
      'WalletConnect dev relay',
      'dev identity provider',
      'dev on-ramp sandbox',
      'server',
      'dev project',
      'dev account name',
      'web app',
      'secure frame',
      // Seeded in parallel from the start, awaited last (scripts/start.ts).
      'dev Polkadot chain',
    ]
    expect(stepsOf(firstOutput)).toEqual(parts)

    const killed = new Promise((r) => first.child.once('exit', r))
    first.child.kill('SIGKILL')
    await killed
    // anvil outlives a SIGKILLed parent; the next start must end it and take over.
    expect(await probeChain(`http://127.0.0.1:${fresh.chain}`)).toBe(31337)

    // The same data folder and chain port; the other ports are picked afresh: a port picked
    // before the first start can be handed to another test's server in the meantime (seen once:
    // EADDRINUSE on the mailbox's).
    const { p, run, output } = await startOnFreePorts({ chain: fresh.chain })
    expect(output).toContain('left behind by an earlier run')
    expect(output).toContain('history already seeded')
    for (const port of portsOf(p)) expect(output).toContain(`:${port}`)
    expect(stepsOf(output)).toEqual(parts)
    expect(await healthy(p.server)).toMatchObject({ status: 'ok', chain: { ok: true } })
    expect(output).toContain(`http://localhost:${p.server}/docs`)
    expect((await fetch(`http://127.0.0.1:${p.server}/docs`)).ok).toBe(true)
    // The dev bundler (alto) is printed, and pages reach it through the server's bundler route.
    expect(output).toMatch(new RegExp(`bundler +http://127\\.0\\.0\\.1:${p.bundler} +\\(alto`))
    const entryPoints = await fetch(
      `http://127.0.0.1:${p.server}/v1/bundler?projectId=${/project id +([0-9a-f]+)/.exec(output)?.[1]}&chainId=eip155:31337`,
      {
        method: 'POST',
        headers: { origin: `http://localhost:${p.web}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints' }),
      },
    ).then((r) => r.json() as Promise<{ result: string[] }>)
    expect(entryPoints.result).toContain('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    // The dev paymaster's ERC-7677 service is on: a stub for a v0.7 operation names the paymaster.
    const stub = await fetch(
      `http://127.0.0.1:${p.server}/v1/paymaster?projectId=${/project id +([0-9a-f]+)/.exec(output)?.[1]}&chainId=eip155:31337`,
      {
        method: 'POST',
        headers: { origin: `http://localhost:${p.web}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'pm_getPaymasterStubData',
          params: [
            { sender: demoAccounts[0], nonce: '0x0', callData: '0x' },
            '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
            '0x7a69',
            null,
          ],
        }),
      },
    ).then((r) => r.json() as Promise<{ result: { paymaster: string } }>)
    expect(stub.result.paymaster).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The dev relay is printed and listening: plain HTTP is told to upgrade to a WebSocket.
    expect(output).toMatch(
      new RegExp(`walletconnect ws://127\\.0\\.0\\.1:${p.relay} +\\(dev relay`),
    )
    expect((await fetch(`http://127.0.0.1:${p.relay}/`)).status).toBe(426)
    // The local Solana cluster is printed and answers JSON-RPC with its seeded history.
    expect(output).toMatch(
      new RegExp(`solana +http://127\\.0\\.0\\.1:${p.solana} +\\(local cluster`),
    )
    const wallet = /dev wallet ([1-9A-HJ-NP-Za-km-z]{32,44})/.exec(output)?.[1]
    const signatures = await fetch(`http://127.0.0.1:${p.solana}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getSignaturesForAddress',
        params: [wallet],
      }),
    }).then((r) => r.json() as Promise<{ result: unknown[] }>)
    expect(signatures.result.length).toBeGreaterThan(30)
    // The dev Bitcoin node is printed with its start time and serves the payment account's history.
    expect(output).toMatch(
      new RegExp(
        `bitcoin +http://127\\.0\\.0\\.1:${p.devChains.LATCH_BITCOIN_PORT} +\\(Esplora REST.*node started in \\d`,
      ),
    )
    const payment = /payment (bcrt1q[0-9a-z]{38})/.exec(output)?.[1]
    const bitcoinTxs = await fetch(
      `http://127.0.0.1:${p.devChains.LATCH_BITCOIN_PORT}/address/${payment}/txs`,
    )
    expect(((await bitcoinTxs.json()) as unknown[]).length).toBe(25)
    // The dev Cosmos node is printed and answers CometBFT RPC for its chain.
    expect(output).toMatch(
      new RegExp(
        `cosmos +http://127\\.0\\.0\\.1:${p.devChains.LATCH_COSMOS_RPC_PORT} +\\(CometBFT RPC`,
      ),
    )
    const cosmosStatus = await fetch(
      `http://127.0.0.1:${p.devChains.LATCH_COSMOS_RPC_PORT}/status`,
    ).then((r) => r.json() as Promise<{ result: { node_info: { network: string } } }>)
    expect(cosmosStatus.result.node_info.network).toBe('latchdev-1')
    // The dev identity provider is printed and serves each provider's OpenID discovery, and the
    // server offers its six providers and Farcaster (the dev chain's ID registry) in the remote
    // config.
    expect(output).toMatch(new RegExp(`social +http://127\\.0\\.0\\.1:${p.idp}/<provider>`))
    expect(output).toMatch(/farcaster +dev chain's ID registry, accounts @latch-dev \(fid 1\)/)
    const discovery = await fetch(
      `http://127.0.0.1:${p.idp}/google/.well-known/openid-configuration`,
    ).then((r) => r.json() as Promise<{ issuer: string }>)
    expect(discovery.issuer).toBe(`http://127.0.0.1:${p.idp}/google`)
    // The demo name is in the registry, and the identity route answers with it.
    const projectId = /project id +([0-9a-f]+)/.exec(output)?.[1]
    const identity = await fetch(
      `http://127.0.0.1:${p.server}/v1/identity/${demoAccounts[1]}?projectId=${projectId}`,
      { headers: { origin: `http://localhost:${p.web}` } },
    )
    expect(await identity.json()).toEqual({
      name: 'latch-demo.latch.id',
      avatar: null,
      avatarRecord: null,
    })
    const config = (await fetch(
      `http://127.0.0.1:${p.server}/appkit/v1/config?projectId=${projectId}`,
      { headers: { origin: `http://localhost:${p.web}` } },
    ).then((r) => r.json())) as { features: { id: string; config: string[] }[] }
    expect(config.features.find((f) => f.id === 'social_login')?.config.sort()).toEqual([
      'apple',
      'discord',
      'email',
      'facebook',
      'farcaster',
      'github',
      'google',
      'x',
    ])
    // The printed Farcaster command signs a channel's link as the dev account, as a phone would.
    const frameHeaders = {
      origin: `http://127.0.0.1:${p.frame}`,
      'latch-project-id': projectId!,
      'latch-page-origin': `http://localhost:${p.web}`,
      'content-type': 'application/json',
    }
    const frameCall = (route: string, body: object) =>
      fetch(`http://127.0.0.1:${p.server}/auth/v1/farcaster/${route}`, {
        method: 'POST',
        headers: frameHeaders,
        body: JSON.stringify({ projectId, deviceId: 'device-start-test-0000000001', ...body }),
      })
    const channel = (await (await frameCall('channel', {})).json()) as {
      url: string
      flowToken: string
    }
    expect((await frameCall('finish', { flowToken: channel.flowToken })).status).toBe(202)
    const signed = await new Promise<string>((resolve, reject) => {
      const cli = spawn('npm', ['run', '--silent', 'farcaster', '--', channel.url], {
        cwd: root,
        env: {
          ...process.env,
          LATCH_SERVER_PORT: String(p.server),
          LATCH_CHAIN_PORT: String(p.chain),
        },
      })
      let out = ''
      cli.stdout.on('data', (chunk) => {
        out += chunk
      })
      cli.stderr.on('data', (chunk) => {
        out += chunk
      })
      // 'close', not 'exit': the last chunk of its output can come after 'exit' (Node's docs).
      cli.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(out))))
    })
    expect(signed).toContain('signed in as @latch-dev (fid 1)')
    // The frame first shows the answering account; only the visitor's confirm makes a session.
    const answered = await frameCall('finish', { flowToken: channel.flowToken })
    expect(await answered.json()).toMatchObject({ state: 'answered', fid: 1 })
    const session = await frameCall('finish', { flowToken: channel.flowToken, confirm: true })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { user: { username: string } }).user.username).toBe(
      'latch-dev',
    )

    const exited = new Promise<number | null>((r) => run.child.once('exit', r))
    run.child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(await probeChain(`http://127.0.0.1:${p.chain}`, 500)).toBeNull()
    // alto is its own process: it must go with the stack.
    await expect(fetch(`http://127.0.0.1:${p.bundler}/health`)).rejects.toThrow()
    await expect(fetch(`http://127.0.0.1:${p.server}/healthz`)).rejects.toThrow()
  })
})
