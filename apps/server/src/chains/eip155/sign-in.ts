import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  isAddress,
  isHex,
  type PublicClient,
} from 'viem'
import { verifyHash } from 'viem/actions'
import { parseSiweMessage, type SiweMessage } from 'viem/siwe'
import {
  checkTimeWindow,
  checkWrittenFor,
  ForeignSignInError,
  SiwxError,
} from '../../siwx/verify.js'
import type { ChainBackend, SignInVerifier, VerifiedSignIn } from '../types.js'

/** CAIP-2's namespace of EVM chains. */
export const EIP155 = 'eip155'

const NOT_EIP4361 =
  'This is not an EIP-4361 sign-in message (address, chain ID, domain, nonce, URI, version 1 and issued-at are required).'

// EIP-4361's first line; anything else is another namespace's message (or none).
const HEADER = / wants you to sign in with your Ethereum account:$/

/** An EIP-4361 message's fields once checked; `chainId` is the EVM number. */
export interface CheckedSiweMessage {
  address: Address
  chainId: number
  domain: string
  uri: string
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
}

/**
 * The checks that need no chain and no database: the text is an EIP-4361 message, written for
 * the page that sends it (domain and URI from its verified Origin), on a chain this server
 * verifies, and valid now. The nonce and the signature are checked by the caller.
 */
export function checkSiweMessage(
  text: string,
  context: { origin: string; chainIds: ReadonlySet<number>; now: Date },
): CheckedSiweMessage {
  let parsed: Partial<SiweMessage>
  try {
    parsed = parseSiweMessage(text)
  } catch {
    parsed = {}
  }
  const { address, chainId, domain, nonce, uri, version, issuedAt } = parsed
  if (
    !address ||
    !isAddress(address, { strict: false }) ||
    !chainId ||
    !domain ||
    !nonce ||
    !uri ||
    version !== '1' ||
    !issuedAt ||
    Number.isNaN(issuedAt.getTime())
  )
    throw new SiwxError('SIWX_MALFORMED', NOT_EIP4361)
  checkWrittenFor(context.origin, domain, uri)
  if (!context.chainIds.has(chainId))
    throw new SiwxError(
      'SIWX_CHAIN_UNSUPPORTED',
      `Chain ${chainId} is not one this server verifies sign-ins on.`,
    )
  checkTimeWindow(context.now, {
    issuedAt,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore,
  })
  const { expirationTime } = parsed
  return { address, chainId, domain, uri, nonce, issuedAt, expirationTime }
}

/**
 * EIP-191 over the message text: an EOA's signature, an ERC-1271 contract account's, or an
 * ERC-6492 one for an account not deployed yet (viem's verifyHash asks the chain).
 */
export async function verifySignature(
  client: PublicClient,
  { address, message, signature }: { address: Address; message: string; signature: string },
): Promise<void> {
  if (!isHex(signature) || signature.length < 132)
    throw new SiwxError('SIWX_BAD_SIGNATURE', 'The signature is not a hex signature.', 401)
  let valid = false
  try {
    valid = await verifyHash(client, {
      address,
      hash: hashMessage(message),
      signature: signature as Hex,
    })
  } catch (error) {
    // The chain not answering is not a bad signature.
    if (unreachable(error))
      throw new SiwxError('UPSTREAM_ERROR', 'The chain node did not answer; try again later.', 502)
    valid = false
  }
  if (!valid)
    throw new SiwxError(
      'SIWX_BAD_SIGNATURE',
      'The signature does not match the message and address.',
      401,
    )
}

function unreachable(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, i = 0; e && i < 8; i++) {
    if (e.name === 'HttpRequestError' || e.name === 'TimeoutError') return true
    e = e.cause as typeof e
  }
  return false
}

/**
 * Sign-in with Ethereum (EIP-4361, docs/siwx.md) on the chains this server has an RPC upstream
 * for: a contract account's signature needs its chain. The address is answered lower-cased,
 * the form sessions are stored and compared in.
 */
export function eip155SignIn(config: {
  rpcUrls: ReadonlyMap<number, string>
}): Required<Pick<ChainBackend, 'namespace' | 'verifySignIn'>> {
  const clients = new Map<number, PublicClient>()
  const clientOf = (chainId: number): PublicClient => {
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({
        transport: http(config.rpcUrls.get(chainId), { timeout: 5_000, retryCount: 1 }),
      }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }
  const verifySignIn: SignInVerifier = async ({ message, signature, origin, now }) => {
    if (!HEADER.test(message.split('\n', 1)[0] ?? ''))
      throw new ForeignSignInError(EIP155, NOT_EIP4361)
    const chainIds = new Set(config.rpcUrls.keys())
    const checked = checkSiweMessage(message, { origin, chainIds, now })
    await verifySignature(clientOf(checked.chainId), {
      address: checked.address,
      message,
      signature,
    })
    const signIn: VerifiedSignIn = {
      ...checked,
      address: checked.address.toLowerCase(),
      chainId: `${EIP155}:${checked.chainId}`,
    }
    return signIn
  }
  return { namespace: EIP155, verifySignIn }
}
