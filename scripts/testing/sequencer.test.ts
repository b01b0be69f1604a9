import { describe, expect, it } from 'vitest'
import { HEAVY_FIRST, heavyFirst } from './sequencer.js'

describe('heavyFirst', () => {
  const file = (project: string, path: string) => ({ project, path })
  const order = (files: ReturnType<typeof file>[]) =>
    heavyFirst(
      files,
      (f) => f.path,
      (f) => f.project,
    ).map((f) => `${f.project}:${f.path}`)

  it('moves the heavy files to the front of their project, in the listed order', () => {
    expect(
      order([
        file('integration', 'a.int.test.ts'),
        file('integration', HEAVY_FIRST[1]!),
        file('integration', 'b.int.test.ts'),
        file('integration', HEAVY_FIRST[0]!),
      ]),
    ).toEqual([
      `integration:${HEAVY_FIRST[0]}`,
      `integration:${HEAVY_FIRST[1]}`,
      'integration:a.int.test.ts',
      'integration:b.int.test.ts',
    ])
  })

  it('keeps projects apart and in their order', () => {
    expect(
      order([
        file('unit', 'x.test.ts'),
        file('unit', 'y.test.ts'),
        file('integration', 'a.int.test.ts'),
        file('integration', HEAVY_FIRST[2]!),
      ]),
    ).toEqual([
      'unit:x.test.ts',
      'unit:y.test.ts',
      `integration:${HEAVY_FIRST[2]}`,
      'integration:a.int.test.ts',
    ])
  })
})
