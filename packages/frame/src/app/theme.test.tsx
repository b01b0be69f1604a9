import { describe, expect, it } from 'vitest'
import { appPayloads } from '../protocol/index.js'
import { applyFrameTheme, frameTheme, labelColor } from './theme.js'

const root = () => document.documentElement

describe('frameTheme', () => {
  it('takes the mode, the accent and the radius, and nothing else', () => {
    expect(
      frameTheme({
        themeMode: 'dark',
        themeVariables: {
          '--latch-accent': '#2B59D9',
          '--latch-border-radius-master': '6px',
          '--latch-font-size-master': '40px',
          '--latch-z-index': 999,
        },
      }),
    ).toEqual({
      mode: 'dark',
      accent: { background: '#2b59d9', text: '#ffffff' },
      radius: '12px',
    })
  })

  it('reads #rgb and opaque rgb(); a pale accent gets a dark label', () => {
    expect(frameTheme({ themeVariables: { '--latch-accent': '#fe0' } }).accent).toEqual({
      background: '#ffee00',
      text: '#141414',
    })
    expect(
      frameTheme({ themeVariables: { '--latch-accent': 'rgb(0, 128, 0)' } }).accent?.background,
    ).toBe('#008000')
    expect(labelColor([0, 0, 0])).toBe('#ffffff')
  })

  it('attack: translucent, unknown or injected values are ignored, and radius is bounded', () => {
    for (const accent of [
      'rgba(0, 0, 0, 0)',
      '#00000000',
      'transparent',
      'red; } body { display: none',
      'url(https://evil.example/x.png)',
      'rgb(999, 0, 0)',
    ])
      expect(frameTheme({ themeVariables: { '--latch-accent': accent } }).accent, accent).toBe(
        undefined,
      )
    expect(frameTheme({ themeVariables: { '--latch-border-radius-master': '500px' } }).radius).toBe(
      '16px',
    )
    expect(
      frameTheme({ themeVariables: { '--latch-border-radius-master': 'calc(1px + 1vh)' } }).radius,
    ).toBeUndefined()
  })
})

describe('the theme schema (SYNC_THEME)', () => {
  const parse = (themeVariables: Record<string, unknown>) =>
    appPayloads.SYNC_THEME.safeParse({ themeMode: 'light', themeVariables }).success

  it('accepts the modal’s variables', () => {
    expect(
      parse({
        '--latch-accent': 'rgb(43, 89, 217)',
        '--latch-color-mix': '#000',
        '--latch-color-mix-strength': '0%',
        '--latch-font-size-master': '10px',
        '--latch-z-index': 999,
        '--latch-bg': 'color-mix(in srgb, #fff, #000 10%)',
      }),
    ).toBe(true)
  })

  it('attack: refuses CSS that closes the declaration, loads a resource or names a stray property', () => {
    for (const value of [
      'red;}',
      'red; } body{display:none}',
      'url(https://evil.example/leak)',
      'URL (https://evil.example/leak)',
      'image-set("x.png" 1x)',
      'var(--frame-accent)',
      'expression(alert(1))',
      '#fff /* */',
      'red\\3b',
      "'Comic Sans'",
      '<script>alert(1)</script>',
      'x'.repeat(65),
    ])
      expect(parse({ '--latch-accent': value }), value).toBe(false)
    expect(parse({ color: 'red' })).toBe(false)
    expect(parse({ '--w3m-accent': 'red' })).toBe(false)
    expect(parse({ '--latch-accent': Number.POSITIVE_INFINITY })).toBe(false)
    expect(
      parse(Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`--latch-v${i}`, 1]))),
    ).toBe(false)
  })
})

describe('applyFrameTheme', () => {
  it('sets the mode and the parsed properties, and clears them when absent', () => {
    applyFrameTheme(
      document,
      frameTheme({ themeMode: 'dark', themeVariables: { '--latch-accent': '#123456' } }),
    )
    expect(root().dataset.theme).toBe('dark')
    expect(root().style.getPropertyValue('--frame-accent')).toBe('#123456')
    expect(root().style.getPropertyValue('--frame-accent-text')).toBe('#ffffff')
    applyFrameTheme(document, frameTheme({}))
    expect(root().dataset.theme).toBeUndefined()
    expect(root().style.getPropertyValue('--frame-accent')).toBe('')
  })
})
