/**
 * How each of the six social providers is imitated by the dev identity provider: the paths its
 * real endpoints use, the scopes a client asks for, and the user document its API answers with.
 * The Latch server's provider table (apps/server/src/auth/social/providers.ts) maps each real
 * endpoint onto the dev issuer by its path, so both sides must agree on these paths.
 */

export const SOCIAL_PROVIDER_IDS = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number]

/** A test user of the dev provider: any login name signs in, with a mailbox under latch.test. */
export interface TestUser {
  /** The login typed on the dev login page. */
  login: string
  email: string
  /** Login names starting with `unverified` get an email the provider did not verify. */
  emailVerified: boolean
  name: string
}

export function testUser(login: string): TestUser {
  const clean = login.toLowerCase()
  return {
    login: clean,
    email: `${clean}@latch.test`,
    emailVerified: !clean.startsWith('unverified'),
    name: clean.charAt(0).toUpperCase() + clean.slice(1),
  }
}

/** A stable per-provider subject, numeric where the real provider's ids are numbers. */
export function subjectOf(provider: SocialProviderId, user: TestUser): string {
  if (provider === 'google' || provider === 'apple') return `${provider}-${user.login}`
  let hash = 7n
  for (const char of `${provider}:${user.login}`)
    hash = (hash * 131n + BigInt(char.charCodeAt(0))) % 10n ** 15n
  return String(hash + 10n ** 15n)
}

export interface ImitatedProvider {
  /** OpenID Connect (id token) or plain OAuth 2.0 with a user API. */
  kind: 'oidc' | 'oauth2'
  /** Paths of the real authorization and token endpoints, below the dev issuer. */
  routes?: { authorization: string; token: string }
  /** Scopes the real provider knows, beside OpenID's. */
  scopes: string[]
  /** X takes the client secret only in a Basic header; the others in the form. */
  tokenAuth?: 'client_secret_basic'
  /** The real provider's user API: path → the JSON it answers for a user. */
  api?: Record<string, (user: TestUser, subject: string) => unknown>
}

export const IMITATED: Record<SocialProviderId, ImitatedProvider> = {
  google: { kind: 'oidc', scopes: [] },
  apple: { kind: 'oidc', scopes: ['name'] },
  github: {
    kind: 'oauth2',
    routes: { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token' },
    scopes: ['read:user', 'user:email'],
    api: {
      '/user': (user, subject) => ({
        id: Number(subject),
        login: user.login,
        name: user.name,
        email: null,
      }),
      '/user/emails': (user) => [
        { email: user.email, primary: true, verified: user.emailVerified, visibility: null },
      ],
    },
  },
  facebook: {
    kind: 'oauth2',
    routes: { authorization: '/dialog/oauth', token: '/oauth/access_token' },
    scopes: ['public_profile'],
    api: {
      // Facebook only hands out emails it has confirmed.
      '/me': (user, subject) => ({
        id: subject,
        name: user.name,
        ...(user.emailVerified ? { email: user.email } : {}),
      }),
    },
  },
  x: {
    kind: 'oauth2',
    routes: { authorization: '/i/oauth2/authorize', token: '/2/oauth2/token' },
    scopes: ['users.read', 'tweet.read'],
    tokenAuth: 'client_secret_basic',
    api: {
      // X's API gives no email address.
      '/2/users/me': (user, subject) => ({
        data: { id: subject, name: user.name, username: user.login },
      }),
    },
  },
  discord: {
    kind: 'oauth2',
    routes: { authorization: '/oauth2/authorize', token: '/api/oauth2/token' },
    scopes: ['identify'],
    api: {
      '/api/users/@me': (user, subject) => ({
        id: subject,
        username: user.login,
        global_name: user.name,
        discriminator: '0',
        email: user.email,
        verified: user.emailVerified,
      }),
    },
  },
}
