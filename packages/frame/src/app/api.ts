import { FrameError } from './handler.js'

/**
 * A wallet's addresses as the server's wire carries them: one field per namespace, named by its
 * signer (`Signer.serverField`); null before the wallet exists.
 */
export type ServerAddresses = { [field: `${string}Address`]: string | null | undefined }

export interface ServerUser extends ServerAddresses {
  /** Null for a social account whose provider gave no verified email. */
  email: string | null
  /** Set for a social sign-in: the provider and its user name. */
  socialProvider?: string | null
  username?: string | null
}

export type SocialProviderId = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

export interface VerifiedSession {
  token: string
  expiresAt: string
  user: ServerUser
}

/** A Farcaster channel's answer, shown for the visitor to confirm before any session exists. */
export interface FarcasterAnswer {
  state: 'answered'
  fid: number
  custodyAddress: string
  username?: string
  /** False when the user name is only what the Farcaster client claimed. */
  usernameVerified: boolean
}

export class UnauthenticatedError extends FrameError {
  override name = 'UnauthenticatedError'
  constructor() {
    super('Not signed in', 4100)
  }
}

/**
 * The frame's client of the server's /auth/v1 routes. Errors keep the server's message.
 * `pageOrigin` is the embedding page's origin once the frame has verified it; sessions are
 * created for, and only accepted from, that origin.
 */
export function createAuthApi(serverUrl: string, projectId: string, pageOrigin?: string) {
  const base = serverUrl.replace(/\/$/, '')

  async function call<result>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; token?: string | undefined; signal?: AbortSignal | undefined } = {},
  ): Promise<result> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          // The server binds each session to the project and page origin it was created under.
          'latch-project-id': projectId,
          ...(pageOrigin ? { 'latch-page-origin': pageOrigin } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal ?? null,
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch {
      throw new FrameError('The wallet server is unreachable')
    }
    const json = (await response.json().catch(() => ({}))) as {
      error?: { code?: string; message?: string }
    }
    if (response.status === 401) throw new UnauthenticatedError()
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after')) || undefined
      throw new FrameError(json.error?.message ?? 'An error occurred', undefined, retryAfter)
    }
    return json as result
  }

  return {
    originAllowed: (origin: string) =>
      call<{ allowed: boolean }>(
        'GET',
        `/auth/v1/frame/origin?projectId=${encodeURIComponent(projectId)}&origin=${encodeURIComponent(origin)}`,
      ),
    // The server answers alike whether or not the address has a wallet (no enumeration).
    start: (email: string, deviceId: string) =>
      call<{ action: string }>('POST', '/auth/v1/email/start', {
        body: { projectId, email, deviceId },
      }),
    pollDevice: (email: string, deviceId: string, signal?: AbortSignal) =>
      call<{ approved: boolean }>('POST', '/auth/v1/email/device', {
        body: { projectId, email, deviceId },
        signal,
      }),
    verify: (email: string, deviceId: string, otp: string) =>
      call<VerifiedSession>('POST', '/auth/v1/email/verify', {
        body: { projectId, email, deviceId, otp },
      }),
    socialStart: (provider: SocialProviderId, deviceId: string) =>
      call<{ uri: string; flowToken: string }>('POST', '/auth/v1/social/start', {
        body: { projectId, provider, deviceId },
      }),
    socialFinish: (flowToken: string, result: string, deviceId: string) =>
      call<VerifiedSession>('POST', '/auth/v1/social/finish', {
        body: { projectId, deviceId, flowToken, result },
      }),
    farcasterChannel: (deviceId: string) =>
      call<{ url: string; flowToken: string; expiresAt: string }>(
        'POST',
        '/auth/v1/farcaster/channel',
        { body: { projectId, deviceId } },
      ),
    /** The session once the visitor's Farcaster app has answered; `pending` until then. */
    farcasterFinish: (flowToken: string, deviceId: string, signal?: AbortSignal) =>
      call<FarcasterAnswer | { state: 'pending' }>('POST', '/auth/v1/farcaster/finish', {
        body: { projectId, deviceId, flowToken },
        signal,
      }),
    /** The session for the answer the visitor confirmed in the frame. */
    farcasterConfirm: (flowToken: string, deviceId: string) =>
      call<VerifiedSession>('POST', '/auth/v1/farcaster/finish', {
        body: { projectId, deviceId, flowToken, confirm: true },
      }),
    farcasterCancel: (flowToken: string, deviceId: string) =>
      call<object>('POST', '/auth/v1/farcaster/cancel', {
        body: { projectId, deviceId, flowToken },
      }),
    session: (token: string) => call<ServerUser>('GET', '/auth/v1/session', { token }),
    signOut: (token: string) => call<object>('POST', '/auth/v1/sign-out', { token, body: {} }),
    createWallet: (
      token: string,
      body: Record<`${string}Address`, string> & { authShare: string; recoveryShare: string },
    ) => call<object>('POST', '/auth/v1/wallet', { token, body }),
    authShare: (token: string) =>
      call<ServerAddresses & { authShare: string }>('GET', '/auth/v1/wallet/auth-share', { token }),
    // The server swaps the session's token on recovery (docs/custody.md#sessions).
    recover: (token: string) =>
      call<
        ServerAddresses & {
          authShare: string
          recoveryShare: string
          token?: string
          expiresAt?: string
        }
      >('POST', '/auth/v1/wallet/recover', { token, body: {} }),
    updateEmail: (token: string, email: string) =>
      call<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>(
        'POST',
        '/auth/v1/email/update',
        {
          token,
          body: { email },
        },
      ),
    updateEmailPrimary: (token: string, otp: string) =>
      call<{ action: 'VERIFY_SECONDARY_OTP' }>('POST', '/auth/v1/email/update/primary', {
        token,
        body: { otp },
      }),
    updateEmailSecondary: (token: string, otp: string, email: string) =>
      call<{ email: string; token?: string; expiresAt?: string }>(
        'POST',
        '/auth/v1/email/update/secondary',
        {
          token,
          body: { otp, email },
        },
      ),
  }
}

export type AuthApi = ReturnType<typeof createAuthApi>
