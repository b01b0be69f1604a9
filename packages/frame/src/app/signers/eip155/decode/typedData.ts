import {
  getAddress,
  getTypesForEIP712Domain,
  hashTypedData,
  isAddress,
  isHex,
  type TypedDataDefinition,
} from 'viem'
import type { Field } from '../../../decode/view.js'
import { t } from '../../../i18n/index.js'
import { InvalidTypedDataError, TypedDataChainMismatchError } from './errors.js'
import { bigint } from './format.js'

type TypeField = { name: string; type: string }
type Types = Record<string, TypeField[]>

/** Typed data that was checked field by field against its own types, ready to show and sign. */
export interface ParsedTypedData {
  domain: Record<string, unknown>
  /** Without EIP712Domain: what viem signs. */
  types: Types
  primaryType: string
  message: Record<string, unknown>
  domainTree: Field[]
  messageTree: Field[]
  /** Exactly what is signed: the same object the tree was built from. */
  definition: TypedDataDefinition
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const fail = (details: string): never => {
  throw new InvalidTypedDataError(details)
}

function leafText(type: string, value: unknown, path: string): string {
  if (type === 'address') {
    if (typeof value !== 'string' || !isAddress(value, { strict: false }))
      fail(t('typed.notAddress', { path }))
    return getAddress(value as string)
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') fail(t('typed.notBool', { path }))
    return String(value)
  }
  if (type === 'string') {
    if (typeof value !== 'string') fail(t('typed.notString', { path }))
    return value as string
  }
  const int = /^(u?)int(\d*)$/.exec(type)
  if (int) {
    const bits = BigInt(int[2] || '256')
    if (bits < 8n || bits > 256n || bits % 8n !== 0n) fail(t('typed.unknownType', { path, type }))
    let n = 0n
    try {
      n = bigint(value)
    } catch {
      fail(t('typed.notInteger', { path }))
    }
    const [min, max] = int[1]
      ? [0n, 2n ** bits - 1n]
      : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n]
    if (n < min || n > max) fail(t('typed.outOfRange', { path, type }))
    return n.toString()
  }
  const bytes = /^bytes(\d*)$/.exec(type)
  if (bytes) {
    if (typeof value !== 'string' || !isHex(value)) fail(t('typed.notHex', { path }))
    const size = ((value as string).length - 2) / 2
    if (!Number.isInteger(size)) fail(t('typed.oddHex', { path }))
    if (bytes[1] && size !== Number(bytes[1])) fail(t('typed.wrongSize', { path, size: bytes[1] }))
    return (value as string).toLowerCase()
  }
  return fail(t('typed.unknownType', { path, type }))
}

/** Builds the labelled tree for one value, refusing anything its declared type does not allow. */
function tree(types: Types, type: string, value: unknown, path: string, depth: number): Field {
  if (depth > 16) fail(t('typed.tooDeep', { path }))
  const label = path.slice(path.lastIndexOf('.') + 1)
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    if (!Array.isArray(value)) fail(t('typed.notList', { path }))
    const items = value as unknown[]
    if (array[2] && items.length !== Number(array[2]))
      fail(t('typed.wrongLength', { path, size: array[2] }))
    return {
      label,
      children: items.map((item, i) => ({
        ...tree(types, array[1]!, item, `${path}[${i}]`, depth + 1),
        label: `#${i + 1}`,
      })),
    }
  }
  const struct = types[type]
  if (struct) return { label, children: fields(types, type, value, path, depth + 1) }
  return { label, value: leafText(type, value, path), mono: type !== 'string' }
}

function fields(types: Types, type: string, value: unknown, path: string, depth: number): Field[] {
  if (!isRecord(value)) return fail(t('typed.notObject', { path, type }))
  const declared = types[type]!
  const names = new Set(declared.map((f) => f.name))
  // Unsigned extra fields would be shown as if they were agreed to; refuse them.
  for (const key of Object.keys(value))
    if (!names.has(key)) fail(t('typed.notInType', { path: `${path}.${key}`, type }))
  return declared.map((f) => {
    if (value[f.name] === undefined) fail(t('typed.missing', { path: `${path}.${f.name}` }))
    return tree(types, f.type, value[f.name], `${path}.${f.name}`, depth)
  })
}

function checkTypes(types: unknown): Types {
  if (!isRecord(types)) return fail(t('typed.typesNotObject'))
  for (const [name, list] of Object.entries(types)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name))
      fail(t('typed.badTypeName', { name: JSON.stringify(name) }))
    if (!Array.isArray(list)) fail(t('typed.typeNotList', { name }))
    const seen = new Set<string>()
    for (const f of list as unknown[]) {
      if (!isRecord(f) || typeof f.name !== 'string' || typeof f.type !== 'string')
        fail(t('typed.fieldUnnamed', { name }))
      const field = f as TypeField
      if (seen.has(field.name)) fail(t('typed.fieldTwice', { name, field: field.name }))
      seen.add(field.name)
    }
  }
  return types as Types
}

/**
 * Parses `eth_signTypedData_v4`'s payload (a JSON string or an object) and checks it against its
 * own types and the active chain. Throws before anything could be shown if it is malformed.
 */
export function parseTypedData(raw: unknown, activeChainId: number): ParsedTypedData {
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      fail(t('typed.notJson'))
    }
  }
  if (!isRecord(data)) return fail(t('typed.notAnObject'))
  const allTypes = checkTypes(data.types)
  const { EIP712Domain: declaredDomain, ...types } = allTypes
  const { primaryType } = data
  if (typeof primaryType !== 'string' || (!types[primaryType] && primaryType !== 'EIP712Domain'))
    fail(t('typed.primaryUnknown'))
  if (primaryType === 'EIP712Domain') fail(t('typed.primaryDomain'))
  const domain = data.domain ?? {}
  if (!isRecord(domain)) return fail(t('typed.domainNotObject'))
  const domainFields = declaredDomain ?? getTypesForEIP712Domain({ domain: domain as never })
  const domainTree = fields(
    { ...types, EIP712Domain: domainFields },
    'EIP712Domain',
    domain,
    'domain',
    0,
  )
  if (domain.chainId !== undefined) {
    const chainId = bigint(domain.chainId)
    if (chainId !== BigInt(activeChainId))
      throw new TypedDataChainMismatchError(chainId, activeChainId)
  }
  const message = data.message
  const messageTree = fields(types, primaryType as string, message, 'message', 0)
  const definition = {
    domain,
    types,
    primaryType,
    message,
  } as unknown as TypedDataDefinition
  try {
    hashTypedData(definition)
  } catch (error) {
    fail((error as { shortMessage?: string }).shortMessage ?? t('typed.unhashable'))
  }
  return {
    domain,
    types,
    primaryType: primaryType as string,
    message: message as Record<string, unknown>,
    domainTree,
    messageTree,
    definition,
  }
}
