import { describe, expect, it } from 'vitest'
import {
  awaitBackgroundChains,
  DEV_CHAINS,
  type DevChain,
  devChainServerEnv,
  startDevChains,
} from './families.js'
import type { StackEnv } from './stack/env.js'
import { createStepTimer } from './stack/steps.js'

function fake(name: string, events: string[], background = false): DevChain {
  return {
    step: name,
    background,
    async start() {
      events.push(`start ${name}`)
      let release!: (detail: string) => void
      const ready = background
        ? new Promise<string>((resolve) => {
            release = resolve
          })
        : Promise.resolve(`${name} up`)
      if (background) queueMicrotask(() => release(`${name} seeded`))
      return {
        ready,
        stop: async () => events.push(`stop ${name}`),
        serverEnv: { [`LATCH_${name.toUpperCase()}`]: `${name}-url` },
        webEnv: {},
        summary: () => name,
      }
    },
  }
}

describe('the dev chains npm start runs (scripts/families.ts)', () => {
  it('start the background ones first, the others as steps, and await the background ones last', async () => {
    const events: string[] = []
    const log: string[] = []
    const timer = createStepTimer((line) => log.push(line))
    const stops: Array<{ name: string; fn: () => Promise<unknown> }> = []
    const chains = [fake('a', events), fake('slow', events, true), fake('b', events)]
    const started = await startDevChains(chains, {
      root: '/',
      env: {} as StackEnv,
      timer,
      stops,
    })
    expect(events).toEqual(['start slow', 'start a', 'start b'])
    expect(started.map(({ running }) => running.summary())).toEqual(['a', 'slow', 'b'])
    expect(log.filter((l) => /: \d/.test(l)).map((l) => l.split(':')[0])).toEqual(['a', 'b'])
    await awaitBackgroundChains(started, timer)
    expect(log.at(-1)).toMatch(/^slow: .*\(slow seeded\)$/)
    for (const stop of stops.reverse()) await stop.fn()
    expect(events.slice(3)).toEqual(['stop b', 'stop a', 'stop slow'])
  })

  it('tell the server about each chain unless the developer set the variable', async () => {
    const started = await startDevChains([fake('a', []), fake('b', [])], {
      root: '/',
      env: {} as StackEnv,
      timer: createStepTimer(() => {}),
      stops: [],
    })
    expect(devChainServerEnv(started, { LATCH_B: 'mine' })).toEqual({
      LATCH_A: 'a-url',
      LATCH_B: 'mine',
    })
  })

  it('list each family once', () => {
    expect(new Set(DEV_CHAINS.map((c) => c.step)).size).toBe(DEV_CHAINS.length)
  })
})
