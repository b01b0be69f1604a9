import type { VerifiedSignIn } from '../chains/types.js'
import { checkTimeWindow, checkWrittenFor, SiwxError } from './verify.js'

// Reads the CAIP-122 sign-in messages core writes (packages/core/src/siwx/caip122.ts): EIP-4361's
// layout with the account's family in the header. Every non-EVM namespace's sign-in
// (chains/<namespace>/sign-in.ts) shares these checks; each keeps its own address rules, chain
// lookup and signature.

/** One chain family's CAIP-122 dialect. */
export interface Caip122Family {
  /** The family's name in the header: "… sign in with your <label> account:". */
  label: string
  /** CAIP-2's namespace: a bare `Chain ID` reference is read as `<namespace>:<reference>`. */
  namespace: string
  /** The address line's shape (the family checks more once it knows the chain). */
  isAddress: (address: string) => boolean
  /** The SIWX_MALFORMED answer (also the "not this family's message" one). */
  malformed: string
}

/** A message that passed the shared checks: written for the page, on a CAIP-2 chain, valid now. */
export interface Caip122Message {
  domain: string
  address: string
  uri: string
  version: string
  /** Full CAIP-2, whichever form the message carried. */
  chainId: string
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
  notBefore: Date | undefined
  statement: string | undefined
  resources: string[] | undefined
}

const headerOf = (label: string) => new RegExp(` wants you to sign in with your ${label} account:$`)

/** Whether the text's first line is this family's CAIP-122 header. */
export const isCaip122SignIn = (text: string, label: string) =>
  headerOf(label).test(text.split('\n', 1)[0] ?? '')

/**
 * A family's dialect from its label, namespace and address shape; `addressNeeded` names the
 * address in the malformed answer ("an address" unless the family says more).
 */
export function caip122Family(family: {
  label: string
  namespace: string
  isAddress: (address: string) => boolean
  addressNeeded?: string
}): Caip122Family & { isSignIn: (text: string) => boolean } {
  const address = family.addressNeeded ?? 'an address'
  return {
    label: family.label,
    namespace: family.namespace,
    isAddress: family.isAddress,
    malformed: `This is not a CAIP-122 ${family.label} sign-in message (${address}, URI, version 1, chain ID, nonce and issued-at are required).`,
    isSignIn: (text) => isCaip122SignIn(text, family.label),
  }
}

/** The answer for a well-formed message naming a chain the family does not verify on. */
/** The answer for a signature that is not the address's over exactly this message. */
export const badSignature = () =>
  new SiwxError('SIWX_BAD_SIGNATURE', 'The signature does not match the message and address.', 401)

export const chainUnsupported = (chainId: string) =>
  new SiwxError(
    'SIWX_CHAIN_UNSUPPORTED',
    `Chain ${chainId.slice(0, 80)} is not one this server verifies sign-ins on.`,
  )

function fieldsOf(lines: string[]): Map<string, string> {
  const fields = new Map<string, string>()
  for (const line of lines) {
    const at = line.indexOf(': ')
    if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2))
  }
  return fields
}

/** undefined when absent, null when present but not a date (malformed). */
const dateOf = (value: string | undefined) => {
  if (value === undefined) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The optional statement: the one line between the address's blank line and the next blank one. */
function statementOf(lines: string[]): string | undefined {
  const line = lines[3]
  if (lines[2] !== '' || !line || lines[4] !== '' || line.startsWith('URI: ')) return undefined
  return line
}

/** The optional `Resources:` list, one `- <uri>` line each. */
function resourcesOf(lines: string[]): string[] | undefined {
  const at = lines.indexOf('Resources:')
  if (at < 0) return undefined
  const resources: string[] = []
  for (const line of lines.slice(at + 1)) {
    if (!line.startsWith('- ')) break
    resources.push(line.slice(2))
  }
  return resources
}

/** What a verifier answers: the sign-in's fields the session keeps, nothing else. */
const verifiedSignIn = (m: Caip122Message): VerifiedSignIn => ({
  address: m.address,
  chainId: m.chainId,
  domain: m.domain,
  uri: m.uri,
  nonce: m.nonce,
  issuedAt: m.issuedAt,
  expirationTime: m.expirationTime,
})

/**
 * The message's shared checks, in the order their codes answer: well-formed (SIWX_MALFORMED),
 * written for the page (domain, URI), then `onChain` — the family's chain lookup and address
 * rules, which may throw and whose result is returned as `chain` — then the time window last.
 * `signIn` is what the family's verifier answers.
 */
export function readCaip122<T = undefined>(
  text: string,
  family: Caip122Family,
  context: { origin: string; now: Date },
  onChain?: (message: Caip122Message) => T,
): { message: Caip122Message; chain: T; signIn: VerifiedSignIn } {
  const header = headerOf(family.label)
  const lines = text.split('\n')
  const first = lines[0] ?? ''
  const address = lines[1] ?? ''
  const fields = fieldsOf(lines.slice(2))
  const domain = first.replace(header, '')
  const uri = fields.get('URI')
  const version = fields.get('Version')
  const nonce = fields.get('Nonce')
  const reference = fields.get('Chain ID')
  const issuedAt = dateOf(fields.get('Issued At'))
  const expirationTime = dateOf(fields.get('Expiration Time'))
  const notBefore = dateOf(fields.get('Not Before'))
  if (
    !header.test(first) ||
    !domain ||
    !family.isAddress(address) ||
    !uri ||
    !nonce ||
    !/^[a-zA-Z0-9]{8,}$/.test(nonce) ||
    !reference ||
    version !== '1' ||
    !issuedAt ||
    expirationTime === null ||
    notBefore === null
  )
    throw new SiwxError('SIWX_MALFORMED', family.malformed)
  checkWrittenFor(context.origin, domain, uri)
  const prefix = `${family.namespace}:`
  const message: Caip122Message = {
    domain,
    address,
    uri,
    version,
    chainId: reference.startsWith(prefix) ? reference : `${prefix}${reference}`,
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    statement: statementOf(lines),
    resources: resourcesOf(lines),
  }
  const chain = onChain?.(message) as T
  checkTimeWindow(context.now, message)
  return { message, chain, signIn: verifiedSignIn(message) }
}
