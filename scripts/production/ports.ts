import fs from 'node:fs'
import net from 'node:net'

/**
 * The first port the kernel hands out to outgoing connections. A port picked by listening on 0
 * comes from that range, so while a server takes seconds to start (or restarts on the same
 * port) any outgoing connection on the machine may take it first; ports below it cannot be.
 */
export function ephemeralStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)
    const n = Number(low)
    if (Number.isInteger(n) && n > 2_048) return n
  } catch {}
  return 32_768
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

export class NoFreePortError extends Error {
  override name = 'NoFreePortError'
  constructor(count: number) {
    super(`found no ${count} free ports below the ephemeral range`)
  }
}

/** `count` distinct ports, free now, between 10000 and the ephemeral range. */
export async function pickPorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const low = 10_000
  const high = ephemeralStart() - 1
  const picked: number[] = []
  for (let attempt = 0; picked.length < count && attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low))
    if (!picked.includes(port) && (await isFree(port, host))) picked.push(port)
  }
  if (picked.length < count) throw new NoFreePortError(count)
  return picked
}
