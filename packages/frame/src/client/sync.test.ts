import { describe, expect, it } from 'vitest'
import { appPayloads } from '../protocol/index.js'
import { dappDataPayload, themePayload } from './sync.js'

describe('themePayload', () => {
  it("sends the app's mode and variables as they are when the frame accepts them", () => {
    const theme = {
      themeMode: 'dark' as const,
      themeVariables: { '--latch-accent': '#2b59d9', '--latch-z-index': 999 },
    }
    expect(themePayload(theme)).toEqual(theme)
    expect(themePayload({})).toEqual({})
  })

  it('leaves out, with a warning, each variable the frame would refuse; the rest still goes', () => {
    const warnings: string[] = []
    const payload = themePayload(
      {
        themeVariables: {
          '--latch-accent': 'red;} body{display:none',
          '--latch-bg': 'url(https://evil.example/x)',
          '--w3m-accent': '#fff',
          '--latch-border-radius-master': '4px',
          '--latch-font-size-master': undefined,
        },
      },
      (m) => warnings.push(m),
    )
    expect(payload).toEqual({ themeVariables: { '--latch-border-radius-master': '4px' } })
    expect(warnings).toHaveLength(3)
    expect(appPayloads.SYNC_THEME.safeParse(payload).success).toBe(true)
  })
})

describe('dappDataPayload', () => {
  it('cuts the metadata to the bounds the frame checks, so the event is never dropped', () => {
    const payload = dappDataPayload({
      metadata: {
        name: `${'😀'.repeat(150)}`,
        description: 'd'.repeat(5000),
        url: 'https://shop.example',
        icons: Array.from({ length: 20 }, (_, i) => `https://shop.example/${i}.png`),
      },
      projectId: 'p1',
      sdkVersion: 'latch',
    })
    expect(payload.metadata?.name.length).toBeLessThanOrEqual(200)
    // Never half of a surrogate pair.
    expect(payload.metadata?.name).toBe('😀'.repeat(100))
    expect(payload.metadata?.icons).toHaveLength(8)
    expect(appPayloads.SYNC_DAPP_DATA.safeParse(payload).success).toBe(true)
  })

  it('sends no metadata when the app has none', () => {
    expect(dappDataPayload({ projectId: 'p1' })).toEqual({ projectId: 'p1' })
  })
})
