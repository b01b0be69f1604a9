import type { Hex } from 'viem'
import { type FarcasterChannelParams, farcasterAppClient } from './verify.js'

export interface UpstreamRelay {
  rpcUrl: string
  relayUrl: string
}

/** The upstream relay did not answer, or answered something that is not its protocol. */
export class FarcasterRelayError extends Error {
  override name = 'FarcasterRelayError'
}

/**
 * Opens a channel at the upstream relay for this page and nonce (docs/social.md#farcaster): its
 * channel token and the Farcaster app's link. The relay must keep the nonce it was given.
 */
export async function openRelayChannel(relay: UpstreamRelay, params: FarcasterChannelParams) {
  const created = await farcasterAppClient(relay).createChannel(params)
  if (created.isError || !created.response.ok)
    throw new FarcasterRelayError(created.error?.message ?? `status ${created.response?.status}`)
  const { channelToken, url, nonce } = created.data
  if (typeof channelToken !== 'string' || !/^[\w-]{8,200}$/.test(channelToken))
    throw new FarcasterRelayError('the relay gave no usable channel token')
  if (nonce !== params.nonce) throw new FarcasterRelayError('the relay changed the nonce')
  if (typeof url !== 'string' || !/^https:\/\//.test(url))
    throw new FarcasterRelayError('the relay gave no https link')
  return { channelToken, url }
}

/**
 * What the Farcaster app posted to the relay's channel, once it has; undefined while pending.
 * The relay is not trusted: the caller verifies the message and signature itself.
 */
export async function relayAnswer(relay: UpstreamRelay, channelToken: string) {
  const status = await farcasterAppClient(relay).status({ channelToken })
  if (status.isError) throw new FarcasterRelayError(status.error?.message ?? 'unreachable')
  if (status.response.status === 202 || status.data.state === 'pending') return undefined
  if (!status.response.ok) throw new FarcasterRelayError(`status ${status.response.status}`)
  const { message, signature, fid, username } = status.data
  if (typeof message !== 'string' || typeof signature !== 'string' || typeof fid !== 'number')
    throw new FarcasterRelayError('the relay reported a completed channel without its answer')
  return {
    message,
    signature: signature as Hex,
    fid,
    username:
      typeof username === 'string' && /^[a-z0-9][a-z0-9.-]{0,63}$/.test(username) ? username : null,
  }
}
