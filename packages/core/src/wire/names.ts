/**
 * Account names (docs/names.md): one set of rules for the server's registry and the kit's form,
 * so the page can say what is wrong before a request and the server refuses the same things.
 */

/** The registry's default zone; a server may serve another (`LATCH_NAME_SUFFIX`). */
export const DEFAULT_NAME_SUFFIX = 'latch.id'
/** The seed's minimum; the maximum is one DNS label's, so a name can become a subdomain. */
export const NAME_MIN_LENGTH = 4
export const NAME_MAX_LENGTH = 63

/**
 * Labels nobody may register: they would read as the operator or the kit speaking.
 * Lower-case; compared after lower-casing the label.
 */
export const RESERVED_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'latch',
  'root',
  'support',
  'help',
  'security',
  'official',
  'system',
  'wallet',
  'team',
  'staff',
  'mod',
  'moderator',
  'null',
  'undefined',
  'reown',
  'walletconnect',
]

export type NameProblem = 'TOO_SHORT' | 'TOO_LONG' | 'BAD_CHARACTERS' | 'HYPHEN_EDGE' | 'RESERVED'

/** What is wrong with a label, for a person typing it. */
export const nameProblemMessages: Record<NameProblem, string> = {
  TOO_SHORT: `A name needs at least ${NAME_MIN_LENGTH} characters.`,
  TOO_LONG: `A name has at most ${NAME_MAX_LENGTH} characters.`,
  BAD_CHARACTERS: 'Use only letters, digits and hyphens.',
  HYPHEN_EDGE: 'A name cannot start or end with a hyphen.',
  RESERVED: 'This name is reserved.',
}

/** The first rule a label (the part before the suffix) breaks, or undefined when it is valid. */
export function nameProblem(label: string): NameProblem | undefined {
  if (!/^[a-zA-Z0-9-]*$/u.test(label)) return 'BAD_CHARACTERS'
  if (label.length < NAME_MIN_LENGTH) return 'TOO_SHORT'
  if (label.length > NAME_MAX_LENGTH) return 'TOO_LONG'
  if (label.startsWith('-') || label.endsWith('-')) return 'HYPHEN_EDGE'
  if (RESERVED_NAMES.includes(label.toLowerCase())) return 'RESERVED'
  return undefined
}

/** Names are case-insensitive: `Alice.latch.id` and `alice.latch.id` are one name. */
export const fullName = (label: string, suffix: string = DEFAULT_NAME_SUFFIX) =>
  `${label.toLowerCase()}.${suffix}`

/** The label of a full name under this suffix, or undefined when it is not under it. */
export function labelOf(name: string, suffix: string = DEFAULT_NAME_SUFFIX): string | undefined {
  const lower = name.toLowerCase()
  const tail = `.${suffix.toLowerCase()}`
  return lower.endsWith(tail) ? lower.slice(0, -tail.length) : undefined
}

/**
 * ENSIP-11: the coin type an address is registered under — 60 for Ethereum mainnet, the chain id
 * with the high bit set for every other EVM chain.
 */
export const coinTypeOfChain = (chainId: number) =>
  chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0

/** The EVM chain a coin type stands for, or undefined when it is not an EVM one. */
export function chainOfCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (coinType >= 0x80000000 && coinType <= 0xffffffff) return coinType - 0x80000000
  return undefined
}

/**
 * The text an account signs to register a name: the reference's JSON layout (docs/names.md), so
 * a registration written by either client verifies on either server.
 */
export interface NameRegistrationMessage {
  name: string
  attributes: { avatar?: string; bio?: string }
  /** Unix seconds. */
  timestamp: number
}

/** `GET /v1/profile/account/:name` and each entry of `GET /v1/profile/reverse/:address`. */
export interface AccountNameRecord {
  name: string
  /** Unix seconds. */
  registered: number
  updated: number
  registered_at: string
  updated_at: string
  /** By coin type (as a decimal string). */
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }[]
}

export interface NameSuggestionsResponse {
  suggestions: { name: string; registered: boolean }[]
}

/** `GET /v1/identity/:address`. */
export interface IdentityResponse {
  name: string | null
  avatar: string | null
}
