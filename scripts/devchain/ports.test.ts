import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, isAddressInUse, onFreePort, PortRaceError } from './ports.js'

const open: net.Server[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))))
})

/** Binds `port` on loopback, as the component would; rejects with Node's EADDRINUSE when taken. */
function bind(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      open.push(server)
      resolve((server.address() as net.AddressInfo).port)
    })
  })
}

/** The race: another process binds the picked port before the component does. */
async function takenPort(): Promise<number> {
  return bind(await freePort())
}

describe('onFreePort', () => {
  it('starts on a fresh port when the picked one was taken in the meantime', async () => {
    const taken = await takenPort()
    const picked: number[] = []
    const port = await onFreePort(bind, {
      pick: async (host) => {
        const next = picked.length === 0 ? taken : await freePort(host)
        picked.push(next)
        return next
      },
    })
    expect(picked[0]).toBe(taken)
    expect(picked).toHaveLength(2)
    expect(port).toBe(picked[1])
    expect(port).not.toBe(taken)
  })

  it('gives up after its attempts when every port is taken', async () => {
    const taken = await takenPort()
    const error = await onFreePort(bind, { pick: async () => taken, attempts: 3 }).catch((e) => e)
    expect(error).toBeInstanceOf(PortRaceError)
    expect(isAddressInUse(error.cause)).toBe(true)
  })

  it('does not retry other failures', async () => {
    let calls = 0
    const failure = new Error('seed failed')
    await expect(
      onFreePort(async () => {
        calls++
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(calls).toBe(1)
  })

  it("recognises a child's message for a taken port", () => {
    expect(isAddressInUse(new Error('Address already in use (os error 98)'))).toBe(true)
    expect(isAddressInUse(new Error('listen EADDRINUSE: address already in use'))).toBe(true)
    expect(isAddressInUse(new Error('connection refused'))).toBe(false)
  })
})
