import { describe, expect, it } from 'vitest'
import { createTopics, type Listener, type StoredMessage } from './topics.js'

function listener(clientId: string): Listener & { got: StoredMessage[] } {
  const got: StoredMessage[] = []
  return { clientId, got, deliver: (_id, message) => got.push(message) }
}

describe('the dev relay mailbox', () => {
  it('keeps a message until its TTL, then forgets it and its acknowledgements', () => {
    let time = 1_000_000
    const topics = createTopics({ now: () => time })
    topics.publish({ topic: 't', message: 'short', ttl: 1, tag: 0, publisher: 'a' })
    topics.publish({ topic: 't', message: 'long', ttl: 60, tag: 0, publisher: 'a' })
    expect(topics.stats().stored).toBe(2)
    time += 1_000
    expect(topics.stats().stored).toBe(1)
    const late = listener('b')
    topics.subscribe('t', late)
    expect(late.got.map((m) => m.message)).toEqual(['long'])
    time += 60_000
    expect(topics.stats().stored).toBe(0)
    expect(topics.fetch('c', ['t'])).toEqual([])
  })

  it('an acknowledged message is not delivered again to that client, still to others', () => {
    const topics = createTopics()
    const message = topics.publish({ topic: 't', message: 'm', ttl: 60, tag: 0, publisher: 'a' })
    topics.acknowledge('b', message.hash)
    expect(topics.fetch('b', ['t'])).toEqual([])
    expect(topics.fetch('c', ['t']).map((m) => m.message)).toEqual(['m'])
  })

  it('drops the oldest past the caps, per topic and in total', () => {
    const topics = createTopics({ limit: 5, perTopic: 3 })
    for (let i = 0; i < 4; i++)
      topics.publish({ topic: 'x', message: `x${i}`, ttl: 60, tag: 0, publisher: 'a' })
    expect(topics.fetch('b', ['x']).map((m) => m.message)).toEqual(['x1', 'x2', 'x3'])
    for (let i = 0; i < 3; i++)
      topics.publish({ topic: 'y', message: `y${i}`, ttl: 60, tag: 0, publisher: 'a' })
    expect(topics.stats().stored).toBe(5)
    expect(topics.fetch('c', ['x', 'y']).map((m) => m.message)).toEqual([
      'x2',
      'x3',
      'y0',
      'y1',
      'y2',
    ])
  })
})
