import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatch } from '../createLatch.js'
import { LatchError } from '../errors/base.js'
import { devNetwork } from '../networks/index.js'
import { checkFeatureFlags, InvalidOptionError } from './flags.js'
import { detectMobile } from './mobile.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

const base = { projectId: 'p1', serverUrl: 'http://127.0.0.1:9', networks: [devNetwork] }

function thrown(make: () => unknown): InvalidOptionError {
  try {
    make()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionError)
    expect(error).toBeInstanceOf(LatchError)
    return error as InvalidOptionError
  }
  throw new Error('nothing was thrown')
}

describe('the feature flags createLatch refuses', () => {
  it('refuses pay with a typed error naming it, however it is passed', () => {
    for (const config of [
      { ...base, features: { pay: true } },
      { ...base, options: { features: { pay: true } as never } },
    ]) {
      const error = thrown(() => createLatch(config))
      expect(error.option).toBe('pay')
      expect(error.message).toBe('pay: not supported by Latch (docs/behaviour.md#flags)')
    }
    expect(() => createLatch({ ...base, features: { pay: false } })).not.toThrow()
  })

  it('refuses a legal link that is not http(s): a javascript: link would run on the click', () => {
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/terms',
      '/terms',
      'https:/x',
      ' https://example.com',
    ]) {
      const error = thrown(() =>
        createLatch({ ...base, features: { legalCheckbox: true }, termsConditionsUrl: link }),
      )
      expect(error.message).toBe(
        'termsConditionsUrl: not an absolute http(s) URL (docs/behaviour.md#flags)',
      )
    }
    expect(thrown(() => checkFeatureFlags({}, { privacyPolicyUrl: 'javascript:1' })).option).toBe(
      'privacyPolicyUrl',
    )
    expect(() =>
      checkFeatureFlags({}, { termsConditionsUrl: 'HTTPS://example.com/terms?x=1' }),
    ).not.toThrow()
  })

  it('checks in development only: a production page carries no check before its first paint', () => {
    vi.stubEnv('NODE_ENV', 'production')
    // The legal checkbox still never draws such a link (LegalCheckbox.test.tsx).
    expect(() =>
      createLatch({
        ...base,
        features: { legalCheckbox: true },
        termsConditionsUrl: 'javascript:1',
      }),
    ).not.toThrow()
  })

  it('refuses legalCheckbox with nothing to agree to, and keeps the links it is given', () => {
    expect(thrown(() => createLatch({ ...base, features: { legalCheckbox: true } })).message).toBe(
      'legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl (docs/behaviour.md#flags)',
    )
    const latch = createLatch({
      ...base,
      features: { legalCheckbox: true },
      termsConditionsUrl: 'https://example.com/terms',
    })
    const options = latch.stores.options.getState()
    expect(options.features.legalCheckbox).toBe(true)
    expect(options.termsConditionsUrl).toBe('https://example.com/terms')
    expect(options.privacyPolicyUrl).toBeUndefined()
  })
})

describe('mobile detection', () => {
  const desktop =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
  const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36'
  const media = (coarse: boolean) => () => ({ matches: coarse })

  it('tells phones from desktops by the browser hint, the user agent or a coarse pointer', () => {
    expect(detectMobile({ navigator: { userAgent: desktop }, matchMedia: media(false) })).toBe(
      false,
    )
    expect(detectMobile({ navigator: { userAgent: iphone } })).toBe(true)
    expect(detectMobile({ navigator: { userAgent: android } })).toBe(true)
    expect(
      detectMobile({ navigator: { userAgent: desktop, userAgentData: { mobile: true } } }),
    ).toBe(true)
    expect(detectMobile({ navigator: { userAgent: desktop }, matchMedia: media(true) })).toBe(true)
    // Outside a browser (server rendering, Node): a desktop.
    expect(detectMobile({})).toBe(false)
  })

  it('is what createLatch puts in the options, unless the app says otherwise', () => {
    const agent = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
    Object.defineProperty(globalThis, 'navigator', {
      value: { userAgent: android },
      configurable: true,
    })
    try {
      expect(createLatch(base).stores.options.getState().isMobile).toBe(true)
      expect(
        createLatch({ ...base, options: { isMobile: false } }).stores.options.getState().isMobile,
      ).toBe(false)
    } finally {
      if (agent) Object.defineProperty(globalThis, 'navigator', agent)
      else Reflect.deleteProperty(globalThis, 'navigator')
    }
  })
})
