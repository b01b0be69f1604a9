import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSmartAccounts } from './networks.js'
import type { OpenSmartAccount } from './session.js'

// A loopback server in the shape of the bundler route's GET: 200 for the chain with a bundler,
// 400 UNSUPPORTED_CHAIN for the others.
let server: Server
let serverUrl: string
const asked: string[] = []
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '')
    const withBundler = req.url?.includes('chainId=eip155:31337')
    res.writeHead(withBundler ? 200 : 400, { 'content-type': 'application/json' })
    res.end(JSON.stringify(withBundler ? { chainId: 31337 } : { code: 'UNSUPPORTED_CHAIN' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const owner = privateKeyToAccount(`0x${'11'.repeat(32)}`)

function setup() {
  const items = new Map<string, string>()
  const opened: { chainId: number; bundlerUrl: string; paymasterUrl: string }[] = []
  const open: OpenSmartAccount = async (_owner, chainId, routes) => {
    opened.push({ chainId, ...routes })
    return { address: '0x5afe000000000000000000000000000000005afe', chainId } as never
  }
  const accounts = createSmartAccounts({
    serverUrl,
    projectId: 'proj_1',
    networks: [31337, 1],
    proxyUrl: (id) => `${serverUrl}v1/?chainId=${id}`,
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    open,
  })
  return { accounts, opened, items }
}

describe('smart-account networks (asked of the server, never the page)', () => {
  it('enables a network only when the server serves a bundler for it, asking once', async () => {
    const { accounts } = setup()
    asked.length = 0
    expect(await accounts.isEnabled(31337)).toBe(true)
    expect(await accounts.isEnabled(31337)).toBe(true)
    expect(await accounts.isEnabled(1)).toBe(false)
    expect(asked).toEqual([
      '/v1/bundler?projectId=proj_1&chainId=eip155:31337',
      '/v1/bundler?projectId=proj_1&chainId=eip155:1',
    ])
    expect(await accounts.enabledNetworks()).toEqual([31337])
  })

  it('opens one Safe per chain and owner, on the server routes of that chain', async () => {
    const { accounts, opened } = setup()
    expect(await accounts.session(1, owner)).toBeUndefined()
    const a = await accounts.session(31337, owner)
    expect(await accounts.session(31337, owner)).toBe(a)
    expect(opened).toEqual([
      {
        chainId: 31337,
        proxyUrl: `${serverUrl}v1/?chainId=31337`,
        bundlerUrl: `${serverUrl}v1/bundler?projectId=proj_1&chainId=eip155:31337`,
        paymasterUrl: `${serverUrl}v1/paymaster?projectId=proj_1&chainId=eip155:31337`,
      },
    ])
  })

  it('asks nothing about a chain the app does not offer smart accounts on', async () => {
    const items = new Map<string, string>()
    const accounts = createSmartAccounts({
      serverUrl,
      projectId: 'proj_1',
      networks: [],
      proxyUrl: () => '',
      storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    })
    asked.length = 0
    expect(await accounts.isEnabled(31337)).toBe(false)
    expect(await accounts.session(31337, owner)).toBeUndefined()
    expect(asked).toEqual([])
  })

  it("prefers the user's own choice per network over the page's", () => {
    const { accounts } = setup()
    expect(accounts.preferred(31337, undefined)).toBe('smartAccount')
    expect(accounts.preferred(31337, 'eoa')).toBe('eoa')
    accounts.setPreferred(31337, 'eoa')
    expect(accounts.preferred(31337, 'smartAccount')).toBe('eoa')
    expect(accounts.preferred(10, 'smartAccount')).toBe('smartAccount')
  })

  it('treats an unreachable server as "not now", not as "never"', async () => {
    const accounts = createSmartAccounts({
      serverUrl: 'http://127.0.0.1:9',
      projectId: 'p',
      networks: [31337],
      proxyUrl: () => '',
      storage: { getItem: () => null, setItem() {} },
    })
    expect(await accounts.isEnabled(31337)).toBe(false)
    expect(await accounts.enabledNetworks()).toEqual([])
  })
})
