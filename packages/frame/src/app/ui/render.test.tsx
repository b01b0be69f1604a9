import fc from 'fast-check'
import { getAddress, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseTypedData } from '../signers/eip155/decode/typedData.js'
import { typedDataView } from '../signers/eip155/decode/typedDataView.js'
import { renderView } from './render.js'

// Property: any typed data the decoder accepts renders every field of its message, in full.

type Leaf = { type: string; value: fc.Arbitrary<unknown>; shown: (v: unknown) => string }
const leaves: Leaf[] = [
  {
    type: 'address',
    value: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => toHex(b)),
    shown: (v) => getAddress(v as string),
  },
  { type: 'bool', value: fc.boolean(), shown: String },
  {
    type: 'string',
    value: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(`${'\n'.repeat(2000)}hidden tail`)),
    shown: String,
  },
  {
    type: 'uint256',
    value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String),
    shown: String,
  },
  { type: 'uint8', value: fc.integer({ min: 0, max: 255 }), shown: String },
  {
    type: 'int64',
    value: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
    shown: String,
  },
  {
    type: 'bytes32',
    value: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)),
    shown: (v) => (v as string).toLowerCase(),
  },
  { type: 'bytes', value: fc.uint8Array({ maxLength: 40 }).map((b) => toHex(b)), shown: String },
]

type Shape = { kind: 'leaf'; leaf: number } | { kind: 'array'; leaf: number } | { kind: 'struct' }

const typedData = fc
  .record({
    sub: fc.array(fc.nat(leaves.length - 1), { minLength: 1, maxLength: 3 }),
    shapes: fc.array(
      fc.oneof(
        fc.nat(leaves.length - 1).map((leaf): Shape => ({ kind: 'leaf', leaf })),
        fc.nat(leaves.length - 1).map((leaf): Shape => ({ kind: 'array', leaf })),
        fc.constant<Shape>({ kind: 'struct' }),
      ),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .chain(({ sub, shapes }) => {
    const subValue = fc.tuple(...sub.map((i) => leaves[i]!.value))
    const values = shapes.map((shape) =>
      shape.kind === 'leaf'
        ? leaves[shape.leaf]!.value
        : shape.kind === 'array'
          ? fc.array(leaves[shape.leaf]!.value, { maxLength: 3 })
          : subValue,
    )
    return fc.tuple(fc.constant({ sub, shapes }), fc.tuple(...values))
  })

describe('typed data rendering (property)', () => {
  it('every field of an accepted message is rendered with its label and full value', () => {
    fc.assert(
      fc.property(typedData, ([{ sub, shapes }, values]) => {
        const types = {
          Sub: sub.map((i, n) => ({ name: `s${n}`, type: leaves[i]!.type })),
          Main: shapes.map((shape, n) => ({
            name: `f${n}`,
            type:
              shape.kind === 'struct'
                ? 'Sub'
                : `${leaves[shape.leaf]!.type}${shape.kind === 'array' ? '[]' : ''}`,
          })),
        }
        const message: Record<string, unknown> = {}
        const expected: [string, string][] = []
        shapes.forEach((shape, n) => {
          const value = values[n]
          if (shape.kind === 'struct') {
            const parts = value as unknown[]
            message[`f${n}`] = Object.fromEntries(parts.map((p, k) => [`s${k}`, p]))
            for (const [k, p] of parts.entries())
              expected.push([`s${k}`, leaves[sub[k]!]!.shown(p)])
          } else if (shape.kind === 'array') {
            message[`f${n}`] = value
            for (const [k, p] of (value as unknown[]).entries())
              expected.push([`#${k + 1}`, leaves[shape.leaf]!.shown(p)])
          } else {
            message[`f${n}`] = value
            expected.push([`f${n}`, leaves[shape.leaf]!.shown(value)])
          }
        })
        const data = { types, primaryType: 'Main', domain: { name: 'P', chainId: 1 }, message }
        const parsed = parseTypedData(JSON.stringify(data), 1)
        const root = document.createElement('div')
        root.append(
          renderView(document, {
            origin: 'https://a.example',
            view: typedDataView(parsed, { chainId: 1 }),
          }),
        )
        const message_ = root.querySelectorAll('section.part')[1]!
        const pairs = [...message_.querySelectorAll('dt')].map((dt) => [
          dt.textContent,
          (dt.nextElementSibling as HTMLElement).children.length
            ? null
            : dt.nextElementSibling!.textContent,
        ])
        for (const [label, value] of expected) expect(pairs).toContainEqual([label, value])
        // Every top-level field has a label, even an empty list.
        for (let n = 0; n < shapes.length; n++)
          expect(pairs.some(([label]) => label === `f${n}`)).toBe(true)
      }),
      { numRuns: 150 },
    )
  })
})
