import { describe, expect, test } from 'vitest'
import { chainFamilies } from '../../chains/index.js'
import { networkImages } from './sets.js'

describe('networkImages', () => {
  test("holds every registered family's network images and the shared fallback", () => {
    const families = chainFamilies.flatMap((family) =>
      Object.entries(family.catalogue?.networkImages ?? {}),
    )
    expect(families.length).toBeGreaterThan(4)
    for (const [id, text] of families) expect(networkImages[id], id).toBe(text)
    expect(networkImages.unknown).toBe('?')
    expect(Object.keys(networkImages)).toHaveLength(families.length + 1)
  })
})
