import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  type DevRelay,
  MAX_FRAME_BYTES,
  RELAY_CLOSE_CODE,
  RELAY_REFUSALS,
  startDevRelay,
} from './index.js'
import { MAX_MESSAGES_PER_TOPIC, MAX_STORED_MESSAGES } from './topics.js'

// The relay attacked from a browser page on another site and by a client that floods it.
const PROJECT_ID = 'latch-dev-relay-bounds'
const WEB_ORIGIN = 'http://localhost:5173'

async function token(relay: DevRelay): Promise<string> {
  return signJWT('sub', relay.url, 60, generateKeyPair())
}

const ORIGIN_REFUSED = `closed ${RELAY_CLOSE_CODE}: ${RELAY_REFUSALS.originNotAllowed}`

/**
 * An upgrade with a genuine token, from `origin` (none: a client outside a browser): 'open' when
 * the relay answers a request on it, else how it was closed or refused.
 */
async function upgrade(relay: DevRelay, origin?: string): Promise<number | string> {
  const ws = new WebSocket(`${relay.url}/?projectId=${PROJECT_ID}&auth=${await token(relay)}`, {
    ...(origin ? { origin } : {}),
  })
  return new Promise((resolve) => {
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_none' })))
    ws.on('message', () => {
      ws.close()
      resolve('open')
    })
    ws.on('close', (code, reason) => resolve(`closed ${code}: ${reason}`))
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.on('error', () => undefined)
  })
}

interface Client {
  ws: WebSocket
  call(method: string, params: object): Promise<{ result?: unknown; error?: unknown }>
}

async function connect(relay: DevRelay): Promise<Client> {
  const ws = new WebSocket(`${relay.url}/?projectId=${PROJECT_ID}&auth=${await token(relay)}`)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  ws.on('error', () => undefined)
  const pending = new Map<number, (answer: never) => void>()
  ws.on('message', (data) => {
    const body = JSON.parse(String(data))
    if (body.method === undefined) pending.get(body.id)?.(body as never)
  })
  let next = 1
  return {
    ws,
    call(method, params) {
      const id = next++
      ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return new Promise((resolve) => pending.set(id, resolve))
    },
  }
}

const topic = (n: number) => n.toString(16).padStart(64, '0')

describe('the dev relay refuses foreign pages', () => {
  let listed: DevRelay
  let loopback: DevRelay
  beforeAll(async () => {
    listed = await startDevRelay({ projectId: PROJECT_ID, allowedOrigins: [WEB_ORIGIN] })
    loopback = await startDevRelay({ projectId: PROJECT_ID })
  })
  afterAll(async () => {
    await listed?.stop()
    await loopback?.stop()
  })

  it('a page on another site cannot use the relay, even with a genuine token', async () => {
    // Closed with the hosted relay's code and reason before any request is answered.
    const before = listed.stats().refused
    expect(await upgrade(listed, 'https://evil.example')).toBe(ORIGIN_REFUSED)
    // Another local port is not on the list either.
    expect(await upgrade(listed, 'http://localhost:9999')).toBe(ORIGIN_REFUSED)
    expect(await upgrade(listed, 'null')).toBe(ORIGIN_REFUSED)
    expect(listed.stats().refused).toBe(before + 3)
    // The configured web app and a client outside a browser (no Origin) are let in.
    expect(await upgrade(listed, WEB_ORIGIN)).toBe('open')
    expect(await upgrade(listed)).toBe('open')
  })

  it('without a list, only loopback pages are let in', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'https://localhost:5173',
      'null',
    ])
      expect(await upgrade(loopback, origin), origin).toBe(ORIGIN_REFUSED)
    for (const origin of ['http://localhost:4321', 'http://127.0.0.1:5173', 'http://[::1]:8080'])
      expect(await upgrade(loopback, origin), origin).toBe('open')
    expect(await upgrade(loopback)).toBe('open')
  })
})

describe('the dev relay bounds its memory', () => {
  let relay: DevRelay
  beforeAll(async () => {
    relay = await startDevRelay({ projectId: PROJECT_ID })
  })
  afterAll(async () => {
    await relay?.stop()
  })

  it('closes a socket that sends a frame over the limit, and stores nothing of it', async () => {
    const client = await connect(relay)
    const under = await client.call('irn_publish', {
      topic: topic(1),
      message: 'a'.repeat(MAX_FRAME_BYTES - 1_000),
    })
    expect(under.result).toBe(true)
    const stored = relay.stats().stored
    const closed = new Promise<number>((resolve) => client.ws.once('close', resolve))
    client.ws.send(
      JSON.stringify({
        id: 99,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: topic(2), message: 'a'.repeat(MAX_FRAME_BYTES) },
      }),
    )
    expect(await closed).toBe(1009)
    expect(relay.stats().stored).toBe(stored)
  })

  it('a flood over many topics keeps the count at the cap, the newest kept', async () => {
    const flooder = await connect(relay)
    const total = MAX_STORED_MESSAGES + 300
    for (let i = 0; i < total; i += 100)
      expect(
        (
          await flooder.call('irn_batchPublish', {
            messages: [...Array(100)].map((_, j) => ({
              topic: topic(1_000 + i + j),
              message: `m${i + j}`,
            })),
          })
        ).result,
      ).toBe(true)
    expect(relay.stats().stored).toBe(MAX_STORED_MESSAGES)
    const reader = await connect(relay)
    const oldest = await reader.call('irn_batchFetchMessages', { topics: [topic(1_000)] })
    expect(oldest.result).toEqual({ messages: [], hasMore: false })
    const newest = (await reader.call('irn_batchFetchMessages', {
      topics: [topic(1_000 + total - 1)],
    })) as { result: { messages: { message: string }[] } }
    expect(newest.result.messages.map((m) => m.message)).toEqual([`m${total - 1}`])
    flooder.ws.close()
    reader.ws.close()
  })

  it('one topic holds at most its cap, its oldest dropped first', async () => {
    const flooder = await connect(relay)
    const flooded = topic(9_999)
    for (let i = 0; i < MAX_MESSAGES_PER_TOPIC + 20; i++)
      await flooder.call('irn_publish', { topic: flooded, message: `t${i}` })
    const reader = await connect(relay)
    const fetched = (await reader.call('irn_batchFetchMessages', { topics: [flooded] })) as {
      result: { messages: { message: string }[] }
    }
    const messages = fetched.result.messages.map((m) => m.message)
    expect(messages).toHaveLength(MAX_MESSAGES_PER_TOPIC)
    expect(messages[0]).toBe('t20')
    expect(messages.at(-1)).toBe(`t${MAX_MESSAGES_PER_TOPIC + 19}`)
    flooder.ws.close()
    reader.ws.close()
  })
})
