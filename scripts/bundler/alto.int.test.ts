import net from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_POINT_07, ENTRY_POINT_08 } from '../devchain/aa/addresses.js'
import { installAccountAbstraction } from '../devchain/aa/install.js'
import { type AnvilInstance, startAnvil } from '../devchain/anvil.js'
import { freePort } from '../devchain/ports.js'
import { type DevBundler, startDevBundler } from './alto.js'

let anvil: AnvilInstance
let bundler: DevBundler
beforeAll(async () => {
  anvil = await startAnvil()
  await installAccountAbstraction(anvil.rpcUrl)
  bundler = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
})
afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

async function call(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: unknown; error?: { message: string } }
}

describe('the dev bundler (alto)', () => {
  it('serves both entry points of the dev chain', async () => {
    expect(await call(bundler.url, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
    expect((await call(bundler.url, 'eth_supportedEntryPoints')).result).toEqual([
      ENTRY_POINT_07,
      ENTRY_POINT_08,
    ])
  })

  it('listens on loopback only, though alto itself asks for every interface', async () => {
    expect(bundler.listening).toBe(`127.0.0.1:${new URL(bundler.url).port}`)
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    if (!outward) return // a machine with loopback alone has nothing to reach from outside
    const fromOutside = fetch(`http://${outward.address}:${new URL(bundler.url).port}/`, {
      method: 'POST',
      body: '{}',
    })
    await expect(fromOutside).rejects.toThrow()
  })

  it('refuses to start without the entry points, saying what alto said', async () => {
    const bare = await startAnvil()
    try {
      const failed = startDevBundler({ rpcUrl: bare.rpcUrl, port: 0 })
      await expect(failed).rejects.toMatchObject({ name: 'BundlerStartError' })
    } finally {
      await bare.stop()
    }
  })

  it('stops with its process', async () => {
    const other = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
    await other.stop()
    await expect(call(other.url, 'eth_chainId')).rejects.toThrow()
  })

  it('starts on a fresh port when another process took the picked one first', async () => {
    // The race: the port was free when picked, and another process bound it before alto did.
    const squatter = net.createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
    const taken = (squatter.address() as net.AddressInfo).port
    const picked: number[] = []
    try {
      const raced = await startDevBundler({
        rpcUrl: anvil.rpcUrl,
        port: 0,
        pickPort: async (host) => {
          picked.push(picked.length === 0 ? taken : await freePort(host))
          return picked.at(-1) as number
        },
      })
      try {
        expect(picked).toHaveLength(2)
        expect(raced.url).toBe(`http://127.0.0.1:${picked[1]}`)
        expect(await call(raced.url, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
      } finally {
        await raced.stop()
      }
    } finally {
      await new Promise((resolve) => squatter.close(resolve))
    }
  })
})
