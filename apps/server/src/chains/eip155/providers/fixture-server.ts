import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A recorded fixture file, parsed. Fixtures replay the explorers' documented answers. */
export const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as unknown

/** What the fake explorer answers: a JSON body, or a status with a raw body. */
export type Answer = unknown | { status: number; raw: string }

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Every request URL, in order. */
  urls: URL[]
  close(): Promise<void>
}

/**
 * A stand-in for a hosted explorer on loopback: the adapters talk real HTTP to it. `route`
 * returns undefined for a 404.
 */
export async function startFixtureServer(route: (url: URL) => Answer): Promise<FixtureServer> {
  const urls: URL[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    urls.push(url)
    let answer: Answer
    try {
      answer = route(url)
    } catch (error) {
      answer = { status: 500, raw: String(error) }
    }
    const raw =
      answer === undefined
        ? { status: 404, raw: '{"message":"Not found"}' }
        : typeof answer === 'object' && answer !== null && 'raw' in answer && 'status' in answer
          ? (answer as { status: number; raw: string })
          : { status: 200, raw: JSON.stringify(answer) }
    res.writeHead(raw.status, { 'content-type': 'application/json' })
    res.end(raw.raw)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    urls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
