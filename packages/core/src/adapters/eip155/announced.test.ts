import { describe, expect, it } from 'vitest'
import { watchAnnouncedWallets } from './announced.js'

const info = (rdns: string, uuid = `${rdns}-uuid`) => ({ uuid, name: rdns, icon: 'data:,', rdns })

function announceOn(target: EventTarget, detail: unknown) {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

describe('watchAnnouncedWallets', () => {
  it('asks the page for wallets and keeps one per rdns', () => {
    const page = new EventTarget()
    const provider = { request: async () => null }
    let asked = 0
    page.addEventListener('eip6963:requestProvider', () => {
      asked++
      announceOn(page, { info: info('io.rabby'), provider })
    })
    const wallets = watchAnnouncedWallets(page)
    expect(asked).toBe(1)
    announceOn(page, { info: info('io.rabby'), provider })
    announceOn(page, { info: info('io.metamask'), provider: { request: async () => null } })
    expect(wallets.list().map((w) => w.info.rdns)).toEqual(['io.rabby', 'io.metamask'])
    expect(wallets.list()[0]!.provider).toBe(provider)
  })

  it('tells subscribers about new wallets only, and ignores malformed announcements', () => {
    const page = new EventTarget()
    const wallets = watchAnnouncedWallets(page)
    let calls = 0
    wallets.subscribe(() => calls++)
    const provider = { request: async () => null }
    announceOn(page, { info: info('io.rabby'), provider })
    announceOn(page, { info: info('io.rabby'), provider })
    announceOn(page, { info: { name: 'no rdns' }, provider })
    announceOn(page, { info: info('io.evil') })
    announceOn(page, 'nonsense')
    expect(calls).toBe(1)
    expect(wallets.list().map((w) => w.info.rdns)).toEqual(['io.rabby'])
  })

  it('stops listening once destroyed', () => {
    const page = new EventTarget()
    const wallets = watchAnnouncedWallets(page)
    wallets.destroy()
    announceOn(page, { info: info('io.rabby'), provider: {} })
    expect(wallets.list()).toEqual([])
  })

  it('is empty where there is no page', () => {
    expect(watchAnnouncedWallets(undefined).list()).toEqual([])
  })
})
