import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { generateSiweNonce } from 'viem/siwe'
import { HttpError } from '../../http/errors.js'
import { type AuthRouteOptions, requireKnownProject } from '../context.js'
import { authRouteConfig } from '../cors.js'
import { FarcasterRelayError, openRelayChannel, relayAnswer } from '../farcaster/relay.js'
import { FarcasterSignInError, verifyFarcasterSignIn } from '../farcaster/verify.js'
import { authErrors, DeviceId, ProjectId, projectErrors, Session } from '../schemas.js'
import { newToken, sha256 } from '../secrets.js'
import { allowedPageOrigin } from '../sessions.js'
import type { SocialIdentity } from '../social/providers.js'
import {
  cancelFlow,
  claimFlow,
  FLOW_TTL_MS,
  insertFlow,
  markShown,
  releaseFlow,
  type SocialFlow,
  settleFlow,
  signInAsIdentity,
  spendFlow,
} from '../social/store.js'
import { findFrameFlow, signInInvalid } from './flows.js'

/** Where a Farcaster app opens a channel; the real app's link, so a phone that scans it knows it. */
export const FARCASTER_SIGN_IN_LINK = 'https://farcaster.xyz/~/siwf'
/** The relay paths a Farcaster wallet client calls (`<relay>/v1/channel/…`). */
export const FARCASTER_RELAY_PATH = '/farcaster'

const limited = (max: number) => ({ ...authRouteConfig, rateLimit: { max, timeWindow: 60_000 } })
const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' })
const Frame = { projectId: ProjectId, deviceId: DeviceId }

const AuthenticateBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 4096 }),
  // 65 bytes for a key; a contract's (ERC-1271/6492) signature may be longer.
  signature: Type.String({ pattern: '^0x([0-9a-fA-F]{2}){65,2048}$' }),
  fid: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  authMethod: Type.Optional(Type.Literal('custody')),
  // Farcaster names (fnames) and ENS names; what the client reports, shown beside the fid.
  username: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{0,63}$' })),
  displayName: Type.Optional(Type.String({ maxLength: 128 })),
  bio: Type.Optional(Type.String({ maxLength: 1024 })),
  pfpUrl: Type.Optional(Type.String({ maxLength: 2048 })),
})
const ChannelState = Type.Object({
  state: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
  nonce: Type.String(),
  url: Type.String(),
  fid: Type.Optional(Type.Integer()),
  username: Type.Optional(Type.String()),
  signatureParams: Type.Object({ siweUri: Type.String(), domain: Type.String() }),
})

const FrameFlow = Type.Object({ ...Frame, flowToken: Token })
/** What the frame shows the visitor to confirm before any account, session or wallet exists. */
const Answered = Type.Object({
  state: Type.Literal('answered'),
  fid: Type.Integer(),
  custodyAddress: Type.String(),
  username: Type.Optional(Type.String()),
  usernameVerified: Type.Boolean({
    description: "False: the user name is the Farcaster client's claim, not checked by this server",
  }),
})

/**
 * What a verified channel answer holds: the fid and its custody address as the ID registry has
 * them, and the user name the client claimed — never checked, as this server reads no name
 * registry, so always labelled unverified.
 */
interface FarcasterIdentity extends SocialIdentity {
  custody: string
  usernameVerified: false
}

function farcasterIdentity(fid: number, custody: string, username: string | null) {
  return {
    subject: String(fid),
    username,
    usernameVerified: false,
    custody,
    email: null,
    emailVerified: false,
  } satisfies FarcasterIdentity
}

function answered(identity: FarcasterIdentity) {
  if (typeof identity.custody !== 'string') throw signInInvalid()
  return {
    state: 'answered' as const,
    fid: Number(identity.subject),
    custodyAddress: identity.custody,
    ...(identity.username ? { username: identity.username } : {}),
    usernameVerified: identity.usernameVerified,
  }
}

/** The message a channel asks for: this page, its host, and the channel's nonce. */
function channelParams(flow: Pick<SocialFlow, 'pageOrigin' | 'nonce'>) {
  return { siweUri: flow.pageOrigin, domain: new URL(flow.pageOrigin).host, nonce: flow.nonce }
}

function channelLink(channelToken: string, flow: Pick<SocialFlow, 'pageOrigin' | 'nonce'>) {
  const url = new URL(FARCASTER_SIGN_IN_LINK)
  url.search = new URLSearchParams({ channelToken, ...channelParams(flow) }).toString()
  return url.toString()
}

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')
  return match?.[1]
}

/**
 * Sign In With Farcaster with this server as the relay (docs/social.md#farcaster): the frame
 * opens a channel and shows its link as a QR code; the visitor's Farcaster app signs the message
 * and posts it to the channel, where it is checked against Farcaster's ID registry at once; the
 * frame's poll then shows the visitor which account answered (fid, custody address), and only
 * the visitor's confirmation trades its flow token for a session. The channel token in the link
 * lets its holder answer the channel, never sign anybody in: a stranger's answer shows the
 * stranger's fid, which the visitor refuses (cancel).
 */
const farcasterRoutesPlugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, { ctx }) => {
  const { farcaster } = app.config.auth
  const notEnabled = () =>
    new HttpError(400, 'PROVIDER_NOT_ENABLED', 'Sign-in with Farcaster is not enabled')

  app.post(
    '/auth/v1/farcaster/channel',
    {
      config: limited(30),
      schema: {
        summary:
          "Open a Sign In With Farcaster channel: the Farcaster app's link, and a flow token",
        tags: ['auth'],
        body: Type.Object(Frame),
        response: {
          200: Type.Object({
            url: Type.String(),
            flowToken: Type.String(),
            expiresAt: Type.String(),
          }),
          ...authErrors,
          ...projectErrors,
        },
      },
    },
    async (request) => {
      const { projectId, deviceId } = request.body
      const project = await requireKnownProject(request, projectId)
      const pageOrigin = allowedPageOrigin(request, project.allowedOrigins)
      if (!pageOrigin)
        throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', 'This page may not use this project')
      if (!farcaster || !project.features.socials.includes('farcaster')) throw notEnabled()
      const flowToken = newToken()
      const nonce = generateSiweNonce()
      const expiresAt = new Date(ctx.now().getTime() + FLOW_TTL_MS)
      // With an upstream relay, the channel (and the Farcaster app's link) is the relay's.
      let channelToken = newToken()
      let url = channelLink(channelToken, { pageOrigin, nonce })
      const { relayUrl } = farcaster
      if (relayUrl) {
        try {
          ;({ channelToken, url } = await openRelayChannel(
            { rpcUrl: farcaster.rpcUrl, relayUrl },
            channelParams({ pageOrigin, nonce }),
          ))
        } catch (error) {
          request.log.warn({ err: error }, 'farcaster relay unreachable')
          throw new HttpError(502, 'RELAY_UNREACHABLE', "Farcaster's relay is not answering")
        }
      }
      await insertFlow(app.db, {
        stateHash: sha256(channelToken),
        flowTokenHash: sha256(flowToken),
        provider: 'farcaster',
        projectId,
        pageOrigin,
        deviceHash: sha256(deviceId),
        codeVerifier: '',
        nonce,
        relayChannelToken: relayUrl ? channelToken : null,
        expiresAt,
      })
      return { url, flowToken, expiresAt: expiresAt.toISOString() }
    },
  )

  app.post(
    `${FARCASTER_RELAY_PATH}/v1/channel/authenticate`,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: "A Farcaster app answers a channel with the visitor's signed message",
        tags: ['farcaster'],
        body: AuthenticateBody,
        response: { 201: ChannelState, ...authErrors },
      },
    },
    async (request, reply) => {
      if (!farcaster) throw notEnabled()
      const channelToken = bearer(request)
      const flow = channelToken
        ? await claimFlow(app.db, 'farcaster', sha256(channelToken), ctx.now())
        : undefined
      const channelInvalid = () =>
        new HttpError(
          401,
          'CHANNEL_INVALID',
          'This sign-in channel is unknown, answered already or expired',
        )
      if (!channelToken || !flow) throw channelInvalid()
      const { message, signature, fid, username } = request.body
      let custody: string
      try {
        ;({ custody } = await verifyFarcasterSignIn(farcaster.rpcUrl, channelParams(flow), {
          message,
          signature: signature as `0x${string}`,
          fid,
        }))
      } catch (error) {
        await releaseFlow(app.db, flow.stateHash)
        if (!(error instanceof FarcasterSignInError)) throw error
        request.log.warn({ code: error.code, fid }, 'farcaster sign-in refused')
        throw new HttpError(
          error.code === 'REGISTRY_UNREACHABLE' ? 502 : 401,
          error.code,
          error.message,
        )
      }
      const identity = farcasterIdentity(fid, custody, username ?? null)
      // The frame cancelled while the signature was checked: the answer comes too late.
      if (!(await settleFlow(app.db, flow.stateHash, { status: 'done', identity })))
        throw channelInvalid()
      return reply.status(201).send({
        state: 'completed' as const,
        nonce: flow.nonce,
        url: channelLink(channelToken, flow),
        fid,
        ...(username ? { username } : {}),
        signatureParams: { siweUri: flow.pageOrigin, domain: new URL(flow.pageOrigin).host },
      })
    },
  )

  /**
   * Asks the upstream relay for the channel's answer and checks it here, as if the app had
   * posted it to this server: the relay is trusted with nothing. Null while it waits. An
   * answer that fails the checks ends the flow, since the relay takes no second one.
   */
  async function settleFromRelay(flow: SocialFlow, relay: { rpcUrl: string; relayUrl: string }) {
    let answer: Awaited<ReturnType<typeof relayAnswer>>
    try {
      answer = await relayAnswer(relay, flow.relayChannelToken!)
    } catch (error) {
      if (!(error instanceof FarcasterRelayError)) throw error
      throw new HttpError(502, 'RELAY_UNREACHABLE', "Farcaster's relay is not answering")
    }
    if (!answer || !(await claimFlow(app.db, 'farcaster', flow.stateHash, ctx.now()))) return null
    let custody: string
    try {
      ;({ custody } = await verifyFarcasterSignIn(relay.rpcUrl, channelParams(flow), answer))
    } catch (error) {
      if (!(error instanceof FarcasterSignInError)) throw error
      if (error.code === 'REGISTRY_UNREACHABLE') {
        await releaseFlow(app.db, flow.stateHash)
        throw new HttpError(502, error.code, error.message)
      }
      const text = 'Farcaster could not confirm this sign-in; start again'
      await settleFlow(app.db, flow.stateHash, { status: 'failed', error: text })
      throw new HttpError(400, 'SOCIAL_SIGN_IN_FAILED', text)
    }
    const identity = farcasterIdentity(answer.fid, custody, answer.username)
    if (!(await settleFlow(app.db, flow.stateHash, { status: 'done', identity }))) return null
    return identity
  }

  app.post(
    '/auth/v1/farcaster/finish',
    {
      // The frame asks about once a second while the QR code shows.
      config: limited(300),
      schema: {
        summary:
          "Poll a Farcaster channel: 202 while it waits, then the answer's fid to confirm, then (confirm: true) its session, once",
        tags: ['auth'],
        body: Type.Object({ ...FrameFlow.properties, confirm: Type.Optional(Type.Boolean()) }),
        response: {
          200: Type.Union([Answered, Session]),
          202: Type.Object({ state: Type.Literal('pending') }),
          ...authErrors,
          ...projectErrors,
        },
      },
    },
    async (request, reply) => {
      const { deviceId, confirm } = request.body
      const now = ctx.now()
      const flow = await findFrameFlow(request, 'farcaster', request.body, now)
      if (flow.status === 'failed')
        throw new HttpError(400, 'SOCIAL_SIGN_IN_FAILED', flow.error ?? 'Not signed in')
      if (flow.status === 'cancelled' || flow.status === 'used') throw signInInvalid()
      let identity = flow.identity as FarcasterIdentity | null
      if (flow.status === 'pending' && flow.relayChannelToken && farcaster?.relayUrl)
        identity = await settleFromRelay(flow, { ...farcaster, relayUrl: farcaster.relayUrl })
      if (!identity) return reply.status(202).send({ state: 'pending' as const })
      // Whoever saw the QR code can answer the channel: nothing exists until the frame was
      // told which account answered (`shown`) and the visitor confirmed it
      // (docs/social.md#farcaster). A confirm sent before that only gets the answer shown.
      if (confirm !== true || flow.status !== 'shown') {
        await markShown(app.db, flow.stateHash)
        return answered(identity)
      }
      if (!(await spendFlow(app.db, flow.stateHash, 'shown'))) throw signInInvalid()
      return signInAsIdentity(app.db, flow, 'farcaster', identity, deviceId, now)
    },
  )

  app.post(
    '/auth/v1/farcaster/cancel',
    {
      config: limited(30),
      schema: {
        summary: 'The visitor does not recognise the account that answered: the flow is spent',
        tags: ['auth'],
        body: FrameFlow,
        response: {
          200: Type.Object({ state: Type.Literal('cancelled') }),
          ...authErrors,
          ...projectErrors,
        },
      },
    },
    async (request) => {
      const flow = await findFrameFlow(request, 'farcaster', request.body, ctx.now())
      if (!(await cancelFlow(app.db, flow.stateHash))) throw signInInvalid()
      return { state: 'cancelled' as const }
    },
  )
}

export const farcasterRoutes = fp(farcasterRoutesPlugin, {
  name: 'latch-auth-farcaster',
  encapsulate: true,
})
