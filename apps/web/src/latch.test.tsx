import { describe, expect, it } from 'vitest'
import { createPageClient } from './latch'

describe('the web app Latch options', () => {
  it("carry the app's metadata, which the secure frame shows as the page's claim", () => {
    const client = createPageClient()
    expect(client.stores.options.getState().metadata).toEqual({
      name: 'Latch',
      description: 'Your wallet’s history, on your own server',
      url: window.location.origin,
      icons: [],
    })
  })
})
