import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  awaitBackgroundChains,
  DEV_CHAINS,
  type DevChain,
  devChainE2eEnv,
  devChainServerEnv,
  startDevChains,
  UndeclaredServerVariableError,
} from './families.js'
import type { StackEnv } from './stack/env.js'
import { createStepTimer } from './stack/steps.js'

function fake(name: string, events: string[], background = false): DevChain {
  return {
    step: name,
    background,
    serverVariables: [`LATCH_${name.toUpperCase()}`],
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

  it('refuse a server variable the chain did not name beforehand (the e2e stack blanks those)', async () => {
    const chain = { ...fake('a', []), serverVariables: ['LATCH_OTHER'] }
    const started = await startDevChains([chain], {
      root: '/',
      env: {} as StackEnv,
      timer: createStepTimer(() => {}),
      stops: [],
    })
    expect(() => devChainServerEnv(started, {})).toThrow(UndeclaredServerVariableError)
  })

  it("give the e2e stack each chain's ports, shifted by the offset, and blank its server variables", () => {
    const chain = { ...fake('a', []), ports: { LATCH_A_PORT: 18100 } }
    expect(devChainE2eEnv([chain, fake('b', [])], 4000)).toEqual({
      LATCH_A_PORT: '22100',
      LATCH_A: '',
      LATCH_B: '',
    })
  })

  it('list each family once, with e2e ports of its own', () => {
    expect(new Set(DEV_CHAINS.map((c) => c.step)).size).toBe(DEV_CHAINS.length)
    const ports = DEV_CHAINS.flatMap((c) => Object.values(c.ports ?? {}))
    expect(ports.length).toBeGreaterThanOrEqual(4)
    expect(new Set(ports).size).toBe(ports.length)
    // Nor one the e2e config gives a part of the stack (every 5-digit number it writes).
    const config = readFileSync(new URL('../e2e/playwright.config.ts', import.meta.url), 'utf8')
    const taken = (config.match(/\b1\d{4}\b/g) ?? []).map(Number)
    expect(taken.length).toBeGreaterThan(5)
    expect(ports.filter((p) => taken.includes(p))).toEqual([])
    const variables = DEV_CHAINS.flatMap((c) => [
      ...Object.keys(c.ports ?? {}),
      ...(c.serverVariables ?? []),
    ])
    expect(new Set(variables).size).toBe(variables.length)
  })
})
