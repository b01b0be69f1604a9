import { defaultFeatures } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { socialsForPlatform } from './socialsForPlatform.js'

const all = defaultFeatures.socials as readonly string[]
const agents = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
}
const hidden = (env: Parameters<typeof socialsForPlatform>[1]) =>
  all.filter((s) => !socialsForPlatform(all, env).includes(s))

describe('social providers inside Telegram (docs/behaviour.md#flags)', () => {
  it('drops Google on iOS, X on a Mac, Facebook and X on Android', () => {
    const telegram = { Telegram: { WebApp: {} } }
    expect(hidden({ ...telegram, navigator: { userAgent: agents.ios } })).toEqual(['google'])
    expect(hidden({ ...telegram, navigator: { userAgent: agents.mac } })).toEqual(['x'])
    expect(hidden({ ...telegram, navigator: { userAgent: agents.android } })).toEqual(
      ['facebook', 'x'].sort((a, b) => all.indexOf(a) - all.indexOf(b)),
    )
    expect(hidden({ ...telegram, navigator: { userAgent: agents.windows } })).toEqual([])
  })

  it("knows Telegram by any of its webview's globals, and filters nothing elsewhere", () => {
    for (const key of ['Telegram', 'TelegramWebviewProxy', 'TelegramWebviewProxyProto'])
      expect(hidden({ [key]: {}, navigator: { userAgent: agents.ios } })).toEqual(['google'])
    for (const agent of Object.values(agents))
      expect(socialsForPlatform(all, { navigator: { userAgent: agent } })).toEqual(all)
    expect(socialsForPlatform(all, undefined)).toEqual(all)
  })
})
