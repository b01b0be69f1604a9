import { describe, expect, it } from 'vitest'
import { createChainStore } from '../stores/chain.js'
import { startLazily } from './startLazily.js'

/** A module whose loading the test releases; `loads` counts how often it was asked for. */
function deferredModule() {
  let release: () => void = () => {}
  const loaded = new Promise<void>((resolve) => {
    release = resolve
  })
  const module = { started: 0, stopped: 0, loads: 0 }
  const load = () => {
    module.loads++
    return loaded.then(() => module)
  }
  const start = (m: typeof module) => {
    m.started++
    return () => {
      m.stopped++
    }
  }
  // Released, then the promise callbacks waiting on it run before the next I/O turn.
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    module,
    load,
    start,
    release: () => {
      release()
      return flush()
    },
  }
}

describe('startLazily', () => {
  it('loads at once and starts the watcher once loaded; stopping stops it', async () => {
    const d = deferredModule()
    const stop = startLazily(d.load, d.start)
    expect(d.module).toMatchObject({ loads: 1, started: 0 })
    await d.release()
    expect(d.module.started).toBe(1)
    stop()
    expect(d.module.stopped).toBe(1)
  })

  it('never starts a watcher stopped while its module was loading', async () => {
    const d = deferredModule()
    startLazily(d.load, d.start)()
    await d.release()
    expect(d.module).toMatchObject({ loads: 1, started: 0, stopped: 0 })
  })

  it('with `when`, loads nothing until the chain state is ready, then loads once', async () => {
    const chain = createChainStore()
    const d = deferredModule()
    startLazily(d.load, d.start, { chain, ready: (state) => state.activeChain === 'eip155' })
    chain.setState({ activeChain: 'solana' })
    expect(d.module.loads).toBe(0)
    chain.setState({ activeChain: 'eip155' })
    chain.setState({ activeChain: 'solana' })
    chain.setState({ activeChain: 'eip155' })
    expect(d.module.loads).toBe(1)
    await d.release()
    expect(d.module.started).toBe(1)
  })

  it('with `when` already satisfied, loads at once; stopped before ready, never loads', () => {
    const chain = createChainStore()
    chain.setState({ activeChain: 'eip155' })
    const ready = deferredModule()
    startLazily(ready.load, ready.start, { chain, ready: (s) => s.activeChain === 'eip155' })
    expect(ready.module.loads).toBe(1)
    const never = deferredModule()
    startLazily(never.load, never.start, { chain, ready: (s) => s.activeChain === 'solana' })()
    chain.setState({ activeChain: 'solana' })
    expect(never.module.loads).toBe(0)
  })
})
