import * as oauth from 'openid-client'
import type { OAuthClientConfig, OAuthProvider } from './config.js'

/** Who signed in, as the provider told it. Tokens never leave this module. */
export interface SocialIdentity {
  subject: string
  /** The provider's user name (docs/behaviour.md#access has the display rule). */
  username: string | null
  email: string | null
  /** Only a verified email links the identity to an existing email account. */
  emailVerified: boolean
}

type ApiCall = (url: string) => Promise<unknown>

interface ProviderSpec {
  label: string
  /** OpenID Connect providers sign an id token, checked with the nonce; the others have a user API. */
  kind: 'oidc' | 'oauth2'
  issuer: string
  endpoints?: { authorization: string; token: string }
  scope: string
  /** How the client secret is sent to the token endpoint, as the provider requires. */
  tokenAuth: 'post' | 'basic'
  /** Apple answers with a form post when names or emails are asked for. */
  responseMode?: 'form_post'
  /** For OAuth 2.0 providers: the identity from the user API. */
  profile?(api: ApiCall): Promise<SocialIdentity>
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null

/** A provider answer that names nobody: signing it in would put every such visitor in one account. */
export class MissingSubjectError extends Error {
  override name = 'MissingSubjectError'
  constructor(readonly provider: string) {
    super(`${provider}'s answer names no user id; nobody is signed in`)
  }
}

/**
 * The provider's user id as text: a non-empty string or a safe integer, nothing else. A missing
 * id must never become the string "undefined" (or "null", or "[object Object]").
 */
export function subjectFrom(provider: string, value: unknown): string {
  if (typeof value === 'string' && value.trim().length > 0 && value.length <= 255) return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  throw new MissingSubjectError(provider)
}

/** Some providers (Apple) send booleans as strings. */
const yes = (value: unknown) => value === true || value === 'true'

/**
 * The six providers at their real endpoints. A configured issuer override serves the same paths
 * (the dev identity provider of scripts/idp does), so one table drives production and tests.
 */
export const PROVIDERS: Record<OAuthProvider, ProviderSpec> = {
  google: {
    label: 'Google',
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    tokenAuth: 'post',
  },
  apple: {
    label: 'Apple',
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    tokenAuth: 'post',
    responseMode: 'form_post',
  },
  github: {
    label: 'GitHub',
    kind: 'oauth2',
    issuer: 'https://github.com',
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
    },
    scope: 'read:user user:email',
    tokenAuth: 'post',
    async profile(api) {
      const user = (await api('https://api.github.com/user')) as Record<string, unknown>
      const emails = (await api('https://api.github.com/user/emails')) as Array<
        Record<string, unknown>
      >
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary === true) : undefined
      return {
        subject: subjectFrom('GitHub', user?.id),
        username: text(user.login),
        email: text(primary?.email),
        emailVerified: primary?.verified === true,
      }
    },
  },
  facebook: {
    label: 'Facebook',
    kind: 'oauth2',
    issuer: 'https://www.facebook.com',
    endpoints: {
      authorization: 'https://www.facebook.com/dialog/oauth',
      token: 'https://graph.facebook.com/oauth/access_token',
    },
    scope: 'email public_profile',
    tokenAuth: 'post',
    async profile(api) {
      const me = (await api('https://graph.facebook.com/me?fields=id,name,email')) as Record<
        string,
        unknown
      >
      // The Graph API has no verified flag: an email it gives is never taken as verified, so a
      // Facebook sign-in never joins (or claims) an email account (docs/social.md#accounts).
      return {
        subject: subjectFrom('Facebook', me?.id),
        username: text(me.name),
        email: text(me.email),
        emailVerified: false,
      }
    },
  },
  x: {
    label: 'X',
    kind: 'oauth2',
    issuer: 'https://x.com',
    endpoints: {
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
    },
    scope: 'users.read tweet.read',
    tokenAuth: 'basic',
    async profile(api) {
      const answer = (await api('https://api.x.com/2/users/me')) as {
        data?: Record<string, unknown>
      } | null
      const data = answer?.data
      return {
        subject: subjectFrom('X', data?.id),
        username: text(data?.username),
        email: null,
        emailVerified: false,
      }
    },
  },
  discord: {
    label: 'Discord',
    kind: 'oauth2',
    issuer: 'https://discord.com',
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
    },
    scope: 'identify email',
    tokenAuth: 'post',
    async profile(api) {
      const me = (await api('https://discord.com/api/users/@me')) as Record<string, unknown>
      const name = text(me.username)
      return {
        subject: subjectFrom('Discord', me?.id),
        // Discord's tag; new-style accounts carry '#0', which the display drops.
        username: name && `${name}#${text(me.discriminator) ?? '0'}`,
        email: text(me.email),
        emailVerified: me.verified === true,
      }
    },
  },
}

/** A real endpoint moved onto the configured issuer, path and query kept. */
function relocate(real: string, issuer: string | undefined): string {
  if (!issuer) return real
  const url = new URL(real)
  return `${issuer.replace(/\/$/, '')}${url.pathname}${url.search}`
}

const configurations = new Map<string, Promise<oauth.Configuration>>()

/** The openid-client configuration of one provider; discovery runs once per issuer. */
export function configurationFor(
  provider: OAuthProvider,
  client: OAuthClientConfig,
): Promise<oauth.Configuration> {
  const spec = PROVIDERS[provider]
  const key = `${provider} ${client.clientId} ${client.issuer ?? ''}`
  const cached = configurations.get(key)
  if (cached) return cached
  const auth =
    spec.tokenAuth === 'basic'
      ? oauth.ClientSecretBasic(client.clientSecret)
      : oauth.ClientSecretPost(client.clientSecret)
  // Plain http is only ever a loopback dev or test issuer; production issuers are https.
  const insecure = client.issuer?.startsWith('http:') === true
  const made = (async () => {
    if (spec.kind === 'oidc') {
      return oauth.discovery(
        new URL(client.issuer ?? spec.issuer),
        client.clientId,
        undefined,
        auth,
        insecure ? { execute: [oauth.allowInsecureRequests] } : undefined,
      )
    }
    const endpoints = spec.endpoints!
    const configuration = new oauth.Configuration(
      {
        issuer: client.issuer ?? spec.issuer,
        authorization_endpoint: relocate(endpoints.authorization, client.issuer),
        token_endpoint: relocate(endpoints.token, client.issuer),
      },
      client.clientId,
      undefined,
      auth,
    )
    if (insecure) oauth.allowInsecureRequests(configuration)
    return configuration
  })()
  configurations.set(key, made)
  made.catch(() => configurations.delete(key))
  return made
}

export interface AuthorizationRequest {
  redirectUri: string
  state: string
  nonce: string
  codeVerifier: string
}

export async function authorizationUrl(
  provider: OAuthProvider,
  client: OAuthClientConfig,
  request: AuthorizationRequest,
): Promise<string> {
  const spec = PROVIDERS[provider]
  const configuration = await configurationFor(provider, client)
  const parameters: Record<string, string> = {
    redirect_uri: request.redirectUri,
    scope: spec.scope,
    state: request.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
  }
  if (spec.kind === 'oidc') parameters.nonce = request.nonce
  if (spec.responseMode) parameters.response_mode = spec.responseMode
  return oauth.buildAuthorizationUrl(configuration, parameters).href
}

/**
 * Exchanges the code (PKCE verifier, state and, for OpenID providers, the id token's signature,
 * audience, issuer and nonce all checked by openid-client) and reads who signed in.
 */
export async function completeSignIn(
  provider: OAuthProvider,
  client: OAuthClientConfig,
  callbackUrl: URL,
  request: AuthorizationRequest,
): Promise<SocialIdentity> {
  const spec = PROVIDERS[provider]
  const configuration = await configurationFor(provider, client)
  const tokens = await oauth.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
    ...(spec.kind === 'oidc' ? { expectedNonce: request.nonce, idTokenExpected: true } : {}),
  })
  if (spec.kind === 'oidc') {
    const claims = tokens.claims()!
    const email = text(claims.email)
    return {
      subject: subjectFrom(spec.label, claims.sub),
      username: provider === 'google' ? (email ?? text(claims.name)) : email,
      email,
      emailVerified: !!email && yes(claims.email_verified),
    }
  }
  const api: ApiCall = async (url) => {
    const response = await oauth.fetchProtectedResource(
      configuration,
      tokens.access_token,
      new URL(relocate(url, client.issuer)),
      'GET',
      undefined,
      // GitHub refuses requests without a user agent.
      new Headers({ accept: 'application/json', 'user-agent': 'latch-server' }),
    )
    if (!response.ok) throw new Error(`${spec.label}'s user API answered ${response.status}`)
    return response.json()
  }
  return spec.profile!(api)
}
