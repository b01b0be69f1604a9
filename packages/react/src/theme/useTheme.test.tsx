import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LatchProvider } from '../LatchProvider.js'
import { ensureStyles, resetInjectedStyles } from './useTheme.js'

const latchStyleTags = () => [
  ...document.head.querySelectorAll<HTMLStyleElement>('style[data-latch]'),
]

beforeEach(() => {
  resetInjectedStyles()
  for (const node of document.head.querySelectorAll('style[data-latch], meta[property]'))
    node.remove()
})
afterEach(cleanup)

describe('ensureStyles', () => {
  it('injects a stylesheet once, without a nonce by default', () => {
    ensureStyles('base', '.a{}')
    ensureStyles('base', '.a{}')
    const tags = latchStyleTags()
    expect(tags).toHaveLength(1)
    expect(tags[0]!.nonce).toBe('')
    expect(tags[0]!.textContent).toBe('.a{}')
  })

  it("puts the app's nonce on the style, and later stylesheets (the modal's) reuse it", () => {
    ensureStyles('base', '.a{}', { nonce: 'n0nce' })
    ensureStyles('modal', '.b{}')
    expect(latchStyleTags().map((tag) => [tag.dataset.latch, tag.nonce])).toEqual([
      ['base', 'n0nce'],
      ['modal', 'n0nce'],
    ])
  })

  it("falls back to the page's csp-nonce meta tag", () => {
    const meta = document.createElement('meta')
    meta.setAttribute('property', 'csp-nonce')
    meta.setAttribute('nonce', 'from-meta')
    document.head.append(meta)
    ensureStyles('base', '.a{}', {})
    expect(latchStyleTags()[0]!.nonce).toBe('from-meta')
  })

  it('injects nothing when the app loads styles.css itself', () => {
    ensureStyles('base', '.a{}', { injectStyles: false })
    ensureStyles('modal', '.b{}')
    expect(latchStyleTags()).toEqual([])
  })
})

describe('LatchProvider styles', () => {
  const config = { projectId: 'p', serverUrl: 'http://localhost:8787', providerServices: false }

  it('injects the base stylesheet with the configured nonce', () => {
    render(<LatchProvider config={{ ...config, nonce: 'abc' }} />)
    expect(latchStyleTags().map((tag) => [tag.dataset.latch, tag.nonce])).toEqual([['base', 'abc']])
  })

  it('injects nothing with injectStyles: false', () => {
    render(<LatchProvider config={{ ...config, injectStyles: false }} />)
    expect(latchStyleTags()).toEqual([])
  })
})
