import net from 'node:net'

/**
 * A port free at the moment of asking. Free only until someone else binds it: a caller that binds
 * later (a child process, after seconds of set-up) can lose it, so such callers go through
 * `onFreePort`, which tries again.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** An error that says the port was taken (Node's EADDRINUSE, or a child's message that says so). */
export function isAddressInUse(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'EADDRINUSE') return true
  const message = error instanceof Error ? error.message : String(error)
  return /EADDRINUSE|address already in use/i.test(message)
}

export class PortRaceError extends Error {
  override name = 'PortRaceError'
  constructor(attempts: number, cause: unknown) {
    super(`another process took each of ${attempts} free ports before it could be bound`, { cause })
  }
}

export interface OnFreePortOptions {
  host?: string
  /** Where the ports come from; tests hand out a taken one to play the race. */
  pick?: (host: string) => Promise<number>
  attempts?: number
}

/**
 * Starts something on a free port, and on a fresh one when the port was taken between picking it
 * and binding it (the race `freePort` cannot close for a child process that takes the port as an
 * argument). Any other failure is the caller's.
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  options: OnFreePortOptions = {},
): Promise<T> {
  const host = options.host ?? '127.0.0.1'
  const pick = options.pick ?? freePort
  const attempts = options.attempts ?? 5
  let last: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await start(await pick(host))
    } catch (error) {
      if (!isAddressInUse(error)) throw error
      last = error
    }
  }
  throw new PortRaceError(attempts, last)
}
