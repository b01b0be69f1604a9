import { describe, expect, it } from 'vitest'
import type { ChainNamespace } from '../../networks/types.js'
import {
  createWalletConnectSessions,
  type SessionNamespace,
  type SessionNamespaceWatcher,
  type WalletConnectSession,
} from './sessions.js'

const BTC = 'bip122' as ChainNamespace
const SOL = 'solana' as ChainNamespace

function sessionWith(namespaces: Record<string, Partial<SessionNamespace>>): WalletConnectSession {
  const full = Object.fromEntries(
    Object.entries(namespaces).map(([k, v]) => [
      k,
      { accounts: [], methods: [], events: [], ...v },
    ]),
  )
  return {
    topic: 't1',
    peer: { name: 'Phone' },
    end: async () => {},
    client: {
      session: { get: () => ({ namespaces: full }) },
      request: async () => undefined as never,
      disconnect: async () => {},
      on: () => undefined,
      off: () => undefined,
    },
  }
}

const watcher = (approved: SessionNamespaceWatcher['approved']) => {
  const ended: string[] = []
  let asked = 0
  return {
    ended,
    asked: () => asked,
    watcher: {
      approved: (s: WalletConnectSession) => {
        asked++
        return approved(s)
      },
      ended: (topic: string) => ended.push(topic),
    } satisfies SessionNamespaceWatcher,
  }
}

describe('createWalletConnectSessions', () => {
  it('offers an approved session only to namespaces the wallet approved accounts in', async () => {
    const sessions = createWalletConnectSessions()
    const btc = watcher(async () => true)
    const sol = watcher(async () => true)
    sessions.watch(BTC, btc.watcher)
    sessions.watch(SOL, sol.watcher)
    const outcome = await sessions.approved(
      sessionWith({ bip122: { accounts: ['bip122:abc:bcrt1q'] }, solana: { accounts: [] } }),
    )
    expect(outcome).toEqual({ connected: [BTC], errors: [] })
    // No account there: that adapter was not asked at all (a lazy one stays unloaded).
    expect(sol.asked()).toBe(0)
  })

  it('keeps an adapter’s refusal as the reason, and a namespace it declined out', async () => {
    const sessions = createWalletConnectSessions()
    const refusal = new Error('no usable account')
    sessions.watch(BTC, watcher(async () => Promise.reject(refusal)).watcher)
    sessions.watch(SOL, watcher(async () => false).watcher)
    const outcome = await sessions.approved(
      sessionWith({ bip122: { accounts: ['x'] }, solana: { accounts: ['y'] } }),
    )
    expect(outcome).toEqual({ connected: [], errors: [refusal] })
  })

  it('has one watcher per namespace: a later one replaces the earlier, an old unwatch is harmless', async () => {
    const sessions = createWalletConnectSessions()
    const first = watcher(async () => true)
    const second = watcher(async () => true)
    const unwatchFirst = sessions.watch(BTC, first.watcher)
    sessions.watch(BTC, second.watcher)
    unwatchFirst()
    await sessions.approved(sessionWith({ bip122: { accounts: ['x'] } }))
    sessions.ended('t1')
    expect([first.asked(), second.asked()]).toEqual([0, 1])
    expect(second.ended).toEqual(['t1'])
    expect(first.ended).toEqual([])
  })

  it('restores through the attached connector only; without one there is no session', async () => {
    const sessions = createWalletConnectSessions()
    expect(await sessions.current()).toBeUndefined()
    const live = sessionWith({})
    let asked = 0
    sessions.attach(async () => {
      asked++
      return live
    })
    expect(await sessions.current()).toBe(live)
    expect(asked).toBe(1)
  })
})
