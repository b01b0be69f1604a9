import { createAppClient, viemConnector } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'

/** What a Sign In With Farcaster channel asked to be signed (docs/social.md#farcaster). */
export interface FarcasterChannelParams {
  /** The page the visitor signs in on, e.g. `https://app.example`. */
  siweUri: string
  /** Its host, as the message's first line names it. */
  domain: string
  nonce: string
}

export interface FarcasterSignature {
  message: string
  signature: Hex
  fid: number
}

/** The signed message does not sign this channel's visitor in; `code` says why. */
export class FarcasterSignInError extends Error {
  override name = 'FarcasterSignInError'
  constructor(
    readonly code: 'INVALID_MESSAGE' | 'BAD_SIGNATURE' | 'NOT_CUSTODY' | 'REGISTRY_UNREACHABLE',
    message: string,
  ) {
    super(message)
  }
}

const clients = new Map<string, ReturnType<typeof createAppClient>>()

/**
 * One `@farcaster/auth-client` app client per RPC and relay: it reads the ID registry through
 * the RPC, and with an upstream relay opens channels there and asks for their answers.
 */
export function farcasterAppClient(config: { rpcUrl: string; relayUrl?: string | undefined }) {
  const key = `${config.rpcUrl} ${config.relayUrl ?? ''}`
  let client = clients.get(key)
  if (!client) {
    client = createAppClient({
      ethereum: viemConnector({ rpcUrl: config.rpcUrl }),
      // Without an upstream relay this server is the relay and the library only verifies.
      ...(config.relayUrl ? { relay: config.relayUrl } : {}),
    })
    clients.set(key, client)
  }
  return client
}

/**
 * Checks a signed Sign In With Farcaster message against the channel and the chain: the message
 * is well formed and current, names this channel's domain, page and nonce and the fid it claims,
 * and was signed by that fid's custody address as Farcaster's ID registry records it now.
 * Auth addresses (keys an app adds to an account) are not accepted: custody only.
 */
export async function verifyFarcasterSignIn(
  rpcUrl: string,
  channel: FarcasterChannelParams,
  signed: FarcasterSignature,
): Promise<{ fid: number; custody: Hex }> {
  let parsed: ReturnType<typeof parseSiweMessage>
  try {
    parsed = parseSiweMessage(signed.message)
  } catch {
    throw new FarcasterSignInError('INVALID_MESSAGE', 'The message is not a sign-in message')
  }
  // The library checks domain and nonce; the page is ours to check.
  if (parsed.uri !== channel.siweUri)
    throw new FarcasterSignInError('INVALID_MESSAGE', 'The message names another page')
  let result: Awaited<ReturnType<ReturnType<typeof createAppClient>['verifySignInMessage']>>
  try {
    result = await farcasterAppClient({ rpcUrl }).verifySignInMessage({
      nonce: channel.nonce,
      domain: channel.domain,
      message: signed.message,
      signature: signed.signature,
      acceptAuthAddress: false,
    })
  } catch (error) {
    throw new FarcasterSignInError('REGISTRY_UNREACHABLE', (error as Error).message)
  }
  if (result.isError) {
    const errCode = result.error?.errCode ?? 'unknown'
    const message = result.error?.message ?? 'The message could not be verified'
    if (errCode === 'unavailable' || errCode === 'unknown')
      throw new FarcasterSignInError(
        'REGISTRY_UNREACHABLE',
        `Farcaster's ID registry could not be read: ${message}`,
      )
    const code =
      errCode !== 'unauthorized'
        ? 'INVALID_MESSAGE'
        : /does not own|not an auth address/.test(message)
          ? 'NOT_CUSTODY'
          : /Failed to verify/.test(message)
            ? 'BAD_SIGNATURE'
            : 'INVALID_MESSAGE'
    throw new FarcasterSignInError(code, message)
  }
  if (result.fid !== signed.fid)
    throw new FarcasterSignInError('INVALID_MESSAGE', 'The message signs in another fid')
  return { fid: result.fid, custody: result.data.address as Hex }
}
