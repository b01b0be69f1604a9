import {
  chainOfCoinType,
  labelOf,
  type NameRegistrationMessage,
  nameProblem,
  nameProblemMessages,
} from '@latch/core/wire'
import { type Address, type Hex, isAddress, isHex, verifyMessage } from 'viem'
import { isChainUnreachable } from '../chain.js'
import { HttpError } from '../http/errors.js'

/** A signed registration is accepted this long after it was written, and 1 minute early (clocks). */
export const MESSAGE_MAX_AGE_MS = 10 * 60_000
const CLOCK_SKEW_MS = 60_000
export const MAX_MESSAGE_BYTES = 2048
const MAX_BIO_LENGTH = 160
const MAX_AVATAR_LENGTH = 1024

export class NameError extends HttpError {
  override name = 'NameError'
}

export interface ParsedRegistration {
  name: string
  label: string
  attributes: { avatar?: string; bio?: string }
  signedAt: Date
}

/**
 * Checks the registration message an account signed (the reference's JSON: name, attributes,
 * timestamp), against this server's suffix and the name rules shared with the kit.
 */
export function parseRegistration(message: string, suffix: string, now: Date): ParsedRegistration {
  const malformed = (why: string) =>
    new NameError(400, 'NAME_MESSAGE_MALFORMED', `The registration message ${why}.`)
  if (new TextEncoder().encode(message).length > MAX_MESSAGE_BYTES)
    throw malformed(`is longer than ${MAX_MESSAGE_BYTES} bytes`)
  let parsed: Partial<NameRegistrationMessage>
  try {
    parsed = JSON.parse(message) as Partial<NameRegistrationMessage>
  } catch {
    throw malformed('is not JSON')
  }
  if (typeof parsed !== 'object' || parsed === null) throw malformed('is not a JSON object')
  if (typeof parsed.name !== 'string') throw malformed('has no name')
  if (typeof parsed.timestamp !== 'number' || !Number.isFinite(parsed.timestamp))
    throw malformed('has no timestamp')
  const label = labelOf(parsed.name, suffix)
  if (label === undefined)
    throw new NameError(400, 'NAME_WRONG_SUFFIX', `Names on this server end in .${suffix}.`)
  const problem = nameProblem(label)
  if (problem)
    throw new NameError(
      problem === 'RESERVED' ? 409 : 400,
      problem === 'RESERVED' ? 'NAME_RESERVED' : 'NAME_INVALID',
      nameProblemMessages[problem],
    )
  const signedAt = new Date(parsed.timestamp * 1000)
  if (signedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new NameError(400, 'NAME_MESSAGE_EXPIRED', 'The registration message is dated ahead.')
  if (now.getTime() - signedAt.getTime() > MESSAGE_MAX_AGE_MS)
    throw new NameError(
      400,
      'NAME_MESSAGE_EXPIRED',
      'The registration message is more than 10 minutes old: sign a new one.',
    )
  return { name: parsed.name.toLowerCase(), label, attributes: attributesOf(parsed), signedAt }
}

function attributesOf(parsed: Partial<NameRegistrationMessage>) {
  const given = parsed.attributes ?? {}
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new NameError(400, 'NAME_MESSAGE_MALFORMED', 'attributes must be an object.')
  const unknown = Object.keys(given).filter((key) => key !== 'avatar' && key !== 'bio')
  if (unknown.length > 0)
    throw new NameError(
      400,
      'NAME_ATTRIBUTE_INVALID',
      `Only avatar and bio can be set, not ${unknown.join(', ')}.`,
    )
  const attributes: { avatar?: string; bio?: string } = {}
  if (given.avatar !== undefined) {
    // Shown as an <img> on other people's pages: only a plain https address.
    let ok = typeof given.avatar === 'string' && given.avatar.length <= MAX_AVATAR_LENGTH
    if (ok)
      try {
        ok = new URL(given.avatar as string).protocol === 'https:'
      } catch {
        ok = false
      }
    if (!ok)
      throw new NameError(400, 'NAME_ATTRIBUTE_INVALID', 'avatar must be an https:// address.')
    attributes.avatar = given.avatar as string
  }
  if (given.bio !== undefined) {
    if (typeof given.bio !== 'string' || given.bio.length > MAX_BIO_LENGTH)
      throw new NameError(
        400,
        'NAME_ATTRIBUTE_INVALID',
        `bio is text of at most ${MAX_BIO_LENGTH} characters.`,
      )
    attributes.bio = given.bio
  }
  return attributes
}

/** What checks a signature on a chain: an RPC client's (smart accounts too), else EOA recovery. */
export type SignatureCheck = (args: {
  address: Address
  message: string
  signature: Hex
}) => Promise<boolean>

/**
 * The registration's signer: the address, coin type and signature are checked, then the
 * signature against the chain of that coin type — ERC-1271 and ERC-6492 where this server has an
 * RPC upstream for it, the EOA's key everywhere.
 */
export async function verifyRegistrationSignature(
  input: { address: string; coinType: number; message: string; signature: string },
  checkOn: (chainId: number) => SignatureCheck | undefined,
): Promise<{ address: Address; chainId: number }> {
  if (!isAddress(input.address, { strict: false }))
    throw new NameError(400, 'INVALID_ADDRESS', 'address is not an EVM address.')
  const chainId = chainOfCoinType(input.coinType)
  if (chainId === undefined)
    throw new NameError(
      400,
      'NAME_COIN_TYPE_UNSUPPORTED',
      'Names are registered for EVM accounts: coin_type must be 60 or an ENSIP-11 EVM coin type.',
    )
  if (!isHex(input.signature) || input.signature.length < 132)
    throw new NameError(400, 'NAME_BAD_SIGNATURE', 'signature is not a hex signature.')
  const address = input.address as Address
  const signature = input.signature as Hex
  const check =
    checkOn(chainId) ??
    ((args: { address: Address; message: string; signature: Hex }) => verifyMessage(args))
  let valid = false
  try {
    valid = await check({ address, message: input.message, signature })
  } catch (error) {
    // The chain not answering is not a bad signature.
    if (isChainUnreachable(error))
      throw new NameError(502, 'UPSTREAM_ERROR', 'The chain node did not answer; try again later.')
    valid = false
  }
  if (!valid)
    throw new NameError(
      401,
      'NAME_BAD_SIGNATURE',
      'The signature is not this address’s signature of the message.',
    )
  return { address, chainId }
}
