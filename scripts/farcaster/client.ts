import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type DevFarcasterAccount, devFarcasterAccounts } from '../devchain/farcaster.js'
import { relayChannelParams } from './relay.js'

export class FarcasterClientError extends Error {
  override name = 'FarcasterClientError'
}

export interface AnswerOptions {
  /** The relay: Latch's (the server's URL followed by `/farcaster`) or an upstream one. */
  relay: string
  /** The dev chain, read as Farcaster's Optimism. */
  rpcUrl: string
  account?: DevFarcasterAccount
  /** Signs with this key instead of the account's custody key (to play an attacker). */
  signerKey?: Hex
}

/**
 * A development Farcaster client: what the Farcaster app does with a sign-in link, for the dev
 * chain's accounts (docs/social.md#farcaster). It reads the link, builds the Sign In With
 * Farcaster message with `@farcaster/auth-client`'s wallet client, signs it with the account's
 * custody key and posts it to the relay. Never part of a deployment.
 */
export async function answerFarcasterLink(link: string, options: AnswerOptions) {
  const account = options.account ?? devFarcasterAccounts[0]!
  const wallet = createWalletClient({
    relay: options.relay,
    ethereum: viemConnector({ rpcUrl: options.rpcUrl }),
  })
  const { channelToken } = wallet.parseSignInURI({ uri: link })
  // Latch's own links carry what to sign; a hosted relay's carry only the channel token, and
  // the relay tells its clients the rest.
  const params = new URL(link).searchParams
  const { siweUri, domain, nonce } = params.has('nonce')
    ? {
        siweUri: params.get('siweUri'),
        domain: params.get('domain'),
        nonce: params.get('nonce'),
      }
    : await relayChannelParams(options.relay, channelToken)
  if (!siweUri || !domain || !nonce)
    throw new FarcasterClientError('The link does not say which page, domain and nonce to sign')
  const built = wallet.buildSignInMessage({
    address: account.custody,
    fid: account.fid,
    uri: siweUri,
    domain,
    nonce,
  })
  if (built.isError)
    throw new FarcasterClientError(built.error?.message ?? 'The message could not be built')
  const signer = privateKeyToAccount(options.signerKey ?? account.custodyKey)
  const signature = await signer.signMessage({ message: built.message })
  const answered = await wallet.authenticate({
    channelToken,
    authKey: '',
    message: built.message,
    signature,
    fid: account.fid,
    username: account.username,
  })
  if (answered.isError)
    throw new FarcasterClientError(answered.error?.message ?? 'The relay is unreachable')
  // The library hands back any answer; a refusal is a status and Latch's error body.
  if (!answered.response.ok) {
    const body = answered.data as unknown as { error?: { code?: string; message?: string } }
    throw new FarcasterClientError(
      `${body.error?.code ?? answered.response.status}: ${body.error?.message ?? 'refused'}`,
    )
  }
  return { account, state: answered.data.state }
}
