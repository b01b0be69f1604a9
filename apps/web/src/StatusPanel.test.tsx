import { createServer, type Server } from 'node:http'
import { cleanup, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { StatusPanel } from './StatusPanel'

// A real HTTP server on loopback stands in for the Latch server's /healthz.
let server: Server
let baseUrl: string
let reply: { status: number; body: unknown }

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    })
    res.end(JSON.stringify(reply.body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  baseUrl = `http://127.0.0.1:${address.port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(cleanup)

describe('StatusPanel', () => {
  it('shows the chain id and latest block the server reports', async () => {
    reply = {
      status: 200,
      body: {
        status: 'ok',
        database: { ok: true, kind: 'pglite' },
        chain: { ok: true, chainId: 31337, blockNumber: '42', rpcUrl: 'http://127.0.0.1:8545' },
      },
    }
    render(<StatusPanel serverUrl={baseUrl} />)
    expect(await screen.findByText('31337')).toBeTruthy()
    expect(screen.getByTestId('block-number').textContent).toBe('42')
    expect(screen.getByTestId('database-status').textContent).toContain('pglite')
  })

  it('says so when the server answers with an error', async () => {
    reply = { status: 503, body: {} }
    render(<StatusPanel serverUrl={baseUrl} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('The Latch server answered 503.')
  })
})
