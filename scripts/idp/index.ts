/**
 * The dev identity provider: one OpenID provider (`oidc-provider`) per social provider, each at
 * its own issuer `http://127.0.0.1:<port>/<provider>`, so every social sign-in runs offline.
 * Google and Apple are OpenID Connect (id tokens, nonce); GitHub, Facebook, X and Discord are
 * OAuth 2.0 at their real endpoint paths with their real user APIs (./providers.ts). Any login
 * name signs in as a test user. A development component printed by `npm start`, never used in
 * production (docs/social.md#the-dev-identity-provider).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Configuration } from 'oidc-provider'
import {
  IMITATED,
  SOCIAL_PROVIDER_IDS,
  type SocialProviderId,
  subjectOf,
  testUser,
} from './providers.js'

export { SOCIAL_PROVIDER_IDS, type SocialProviderId } from './providers.js'

export interface DevIdentityProviderOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Where the Latch server takes the provider's answer: its /auth/v1/social/callback URL. */
  redirectUris: string[]
}

export interface DevIdentityProvider {
  /** http://127.0.0.1:port */
  url: string
  /** The issuer of one provider: `LATCH_SOCIAL_<PROVIDER>_ISSUER`. */
  issuer(provider: SocialProviderId): string
  /** The client registered for one provider. */
  client(provider: SocialProviderId): { clientId: string; clientSecret: string }
  stop(): Promise<void>
}

export const devClient = (provider: SocialProviderId) => ({
  clientId: `latch-dev-${provider}`,
  clientSecret: `latch-dev-${provider}-secret`,
})

function configuration(provider: SocialProviderId, redirectUris: string[]): Configuration {
  const imitated = IMITATED[provider]
  const { clientId, clientSecret } = devClient(provider)
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  })
  return {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: imitated.tokenAuth ?? 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...jwk, use: 'sig', alg: 'RS256', kid: `${provider}-dev` }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', ...imitated.scopes],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    ...(imitated.routes ? { routes: imitated.routes } : {}),
    // The dev login and consent pages: any login name with any password, and a Cancel link
    // that answers access_denied, as a visitor declining consent at a real provider does.
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      if (!/^[a-z0-9][a-z0-9._-]{0,39}$/.test(id)) return undefined
      const user = testUser(id)
      return {
        accountId: id,
        async claims() {
          return {
            sub: subjectOf(provider, user),
            email: user.email,
            email_verified: user.emailVerified,
            name: user.name,
            preferred_username: user.login,
          }
        },
      }
    },
    // The real providers keep an id token's claims in the token, not behind userinfo.
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = `<!doctype html><title>Dev identity provider</title><p>${escapeHtml(
        String(out.error_description ?? out.error),
      )}</p>`
    },
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A user document (or X's `{ data }`) without its `id`. */
function withoutId(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null) return answer
  const { id: _id, ...rest } = answer as Record<string, unknown>
  return 'data' in rest ? { ...rest, data: withoutId(rest.data) } : rest
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

export async function startDevIdentityProvider(
  options: DevIdentityProviderOptions,
): Promise<DevIdentityProvider> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const issuer = (provider: SocialProviderId) => `${url}/${provider}`
  const providers = new Map<SocialProviderId, Provider>()
  // oidc-provider warns about exactly what makes this a dev component (an in-memory store, the
  // dev login pages, a runtime older than its favourite): said once in the `npm start` line.
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args)
  }
  try {
    for (const id of SOCIAL_PROVIDER_IDS) {
      const provider = new Provider(issuer(id), configuration(id, options.redirectUris))
      // Loopback only: no proxy in front, so no X-Forwarded-* headers are to be trusted.
      provider.proxy = false
      providers.set(id, provider)
    }
  } finally {
    console.warn = warn
  }

  /** A real provider's user API: the bearer token must be one this provider issued. */
  async function userApi(
    id: SocialProviderId,
    path: string,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const route = IMITATED[id].api?.[path]
    if (!route) return false
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const found = token ? await providers.get(id)!.AccessToken.find(token) : undefined
    if (!found?.accountId) {
      json(res, 401, { message: 'Bad credentials' })
      return true
    }
    const user = testUser(found.accountId)
    const answer = route(user, subjectOf(id, user))
    // Logins starting with `noid` get their user document without its id, as a broken provider
    // might answer: the server must refuse it, never sign everyone in as "undefined".
    json(res, 200, user.login.startsWith('noid') ? withoutId(answer) : answer)
    return true
  }

  server.on('request', (req, res) => {
    const original = req.url ?? '/'
    const [, first = '', ...rest] = original.split('/')
    const id = first as SocialProviderId
    const provider = providers.get(id)
    if (!provider) return json(res, 404, { error: 'not_found' })
    const inner = `/${rest.join('/')}`
    const path = inner.split('?')[0] ?? '/'
    userApi(id, path, req, res)
      .then((answered) => {
        if (answered) return
        // The dev login pages import a web font; nothing here may leave loopback, so the
        // browser is told to load nothing from elsewhere (form posts to the client excepted).
        res.setHeader(
          'content-security-policy',
          "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'",
        )
        // oidc-provider derives its mount path from originalUrl minus url.
        Object.assign(req, { originalUrl: original })
        req.url = inner
        provider.callback()(req, res)
      })
      .catch((error: unknown) => json(res, 500, { error: String(error) }))
  })

  return {
    url,
    issuer,
    client: devClient,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
