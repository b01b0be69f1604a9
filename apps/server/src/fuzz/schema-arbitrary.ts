import fc from 'fast-check'

/** The parts of JSON Schema (as the OpenAPI document holds it) the generator reads. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  maxItems?: number
  pattern?: string
  format?: string
}

/** Strings that break naive servers: NUL, lone surrogates, escapes, paths, huge and empty. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '\u0000',
    '\ud800',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    // A template-injection probe, written so that it stays a plain string.
    ['$', '{7*7}'].join(''),
    '__proto__',
    'constructor',
    '0x',
    '-1',
    '1e309',
    '😀'.repeat(50),
    'a'.repeat(70_000),
  ),
)

const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  hostileString,
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
)

/**
 * Values that mostly satisfy `schema` (so requests get past validation into the handlers) and
 * sometimes break it: wrong types, out-of-range numbers, too-long strings, missing or extra fields.
 */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson
  const wrong = anyJson
  const mostly = (good: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: wrong, weight: 1 })
  if (schema.const !== undefined) return mostly(fc.constant(schema.const))
  if (schema.enum) return mostly(fc.constantFrom(...schema.enum))
  const choices = schema.anyOf ?? schema.oneOf
  if (choices?.length) return fc.oneof(...choices.map((c) => valueFor(c, depth + 1)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return mostly(
        fc.oneof(
          fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 40, 80),
          }),
          hostileString,
          fc.constantFrom(
            '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            'user@example.com',
            '123456',
          ),
        ),
      )
    case 'integer':
    case 'number':
      return mostly(
        fc.oneof(
          fc.integer({
            min: schema.minimum ?? -1000,
            max: Math.min(schema.maximum ?? 1000, 2 ** 31),
          }),
          fc.constantFrom(-1, 0, 2 ** 53, Number.MAX_SAFE_INTEGER + 2),
        ),
      )
    case 'boolean':
      return mostly(fc.boolean())
    case 'array':
      return mostly(
        fc.array(valueFor(schema.items, depth + 1), {
          maxLength: Math.min((schema.maxItems ?? 4) + 1, 6),
        }),
      )
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {}
      const required = new Set(schema.required ?? [])
      const entries = Object.entries(properties).map(
        ([key, sub]) =>
          [
            key,
            required.has(key)
              ? fc.option(valueFor(sub, depth + 1), { freq: 10, nil: undefined })
              : fc.option(valueFor(sub, depth + 1), { nil: undefined }),
          ] as const,
      )
      const record = fc.record(Object.fromEntries(entries)).map((value) => {
        const out: Record<string, unknown> = {}
        for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item
        return out
      })
      const extra = fc
        .tuple(record, fc.string({ maxLength: 8 }), anyJson)
        .map(([base, key, item]) => ({
          ...base,
          [key]: item,
        }))
      return fc.oneof(
        { arbitrary: record, weight: 4 },
        { arbitrary: extra, weight: 1 },
        { arbitrary: wrong, weight: 1 },
      )
    }
    default:
      return anyJson
  }
}
