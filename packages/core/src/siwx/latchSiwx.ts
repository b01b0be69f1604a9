import { createSiweMessage } from 'viem/siwe'
import { traitsOfCaip } from '../adapters/registry.js'
import { type CallInit, callLatchServer } from '../api/call.js'
import { ApiError } from '../api/errors.js'
import { createLatchStorage, type LatchStorage } from '../storage/storage.js'
import { createCaip122Message } from './caip122.js'
import type { SiwxConfig, SiwxSession } from './types.js'

export interface LatchSiwxOptions {
  /** The Latch server, e.g. `http://localhost:8787`. */
  serverUrl: string
  projectId: string
  /** Shown in the message above the fields. */
  statement?: string | undefined
  /** The app is unusable without a session: the sign-in view cannot be dismissed. */
  required?: boolean | undefined
  /**
   * How the session travels (docs/siwx.md#cookie-sessions): `bearer` (default) keeps the token
   * in Latch's storage; `cookie` has the server set an HttpOnly cookie no script can read, and
   * storage keeps only a marker. With cookies, one session per browser and server: the last
   * sign-in's.
   */
  session?: 'bearer' | 'cookie' | undefined
  storage?: LatchStorage | undefined
}

/** What storage holds for a cookie session: a marker, never the token. */
const COOKIE_MARKER = 'cookie'

interface ServerSession {
  id: string
  address: string
  chainId: string
  expiresAt: string
}

// Each namespace's own rule (docs/siwx.md): EVM addresses compare lower-cased, Solana's base58
// keys are case-sensitive.
const accountOf = (chainId: string, address: string) =>
  traitsOfCaip(chainId)?.normalizeAddress(address) ?? address
const key = (chainId: string, address: string) => `${chainId}:${accountOf(chainId, address)}`

/**
 * Sign-in against the Latch server's `/siwx/v1` routes (docs/siwx.md): the message carries a
 * nonce the server issued, the page's own host and origin; the session token is kept per chain and
 * account in Latch's storage, and a reload asks the server whether it is still live.
 */
export function createLatchSiwx(options: LatchSiwxOptions): SiwxConfig {
  const storage = options.storage ?? createLatchStorage()
  const tokens = () => storage.get('siwxTokens') ?? {}
  const setToken = (id: string, token: string | undefined) => {
    const next = { ...tokens() }
    if (token) next[id] = token
    else delete next[id]
    storage.set('siwxTokens', next)
  }
  const server = { serverUrl: options.serverUrl, projectId: options.projectId }
  const cookies = options.session === 'cookie'
  const call = <result>(method: 'GET' | 'POST', path: string, init: CallInit = {}) =>
    callLatchServer<result>(server, method, path, {
      ...init,
      // The marker is no token: in cookie mode the browser sends the cookie instead.
      token: init.token === COOKIE_MARKER ? undefined : init.token,
      ...(cookies ? { credentials: 'include' as const } : {}),
    })

  return {
    getRequired: () => options.required === true,
    async createMessage({ chainId, address }) {
      const { nonce } = await call<{ nonce: string }>('POST', '/siwx/v1/nonce', { body: {} })
      // The page this runs in: the server checks the message against the request's Origin.
      const page = (globalThis as { location?: { host: string; origin: string } }).location
      if (!page) throw new Error('Sign-in messages are written for a page: no location here')
      const traits = traitsOfCaip(chainId)
      const fields = {
        domain: page.host,
        uri: page.origin,
        nonce,
        issuedAt: new Date(),
        ...(options.statement ? { statement: options.statement } : {}),
      }
      // CAIP-122 for a namespace whose traits ask for it (Solana); EIP-4361 otherwise, as before.
      if (traits?.signInMessage === 'caip122')
        return createCaip122Message({ ...fields, address, chainId, label: traits.label })
      return createSiweMessage({
        ...fields,
        address: address as `0x${string}`,
        chainId: Number(chainId.split(':')[1]),
        version: '1',
      })
    },
    async addSession({ chainId, address, message, signature }) {
      const { token, session } = await call<{ token?: string; session: ServerSession }>(
        'POST',
        '/siwx/v1/verify',
        { body: { message, signature, ...(cookies ? { transport: 'cookie' } : {}) } },
      )
      setToken(key(chainId, address), cookies ? COOKIE_MARKER : token)
      return { chainId, address, message, signature, expiresAt: session.expiresAt }
    },
    async getSessions(chainId, address) {
      const token = tokens()[key(chainId, address)]
      if (!token) return []
      try {
        const { session } = await call<{ session: ServerSession }>('GET', '/siwx/v1/session', {
          token,
        })
        if (session.chainId !== chainId || session.address !== accountOf(chainId, address))
          return []
        const result: SiwxSession = {
          chainId,
          address,
          message: '',
          signature: '',
          expiresAt: session.expiresAt,
        }
        return [result]
      } catch (error) {
        // Expired or revoked: forget the token; anything else (offline) keeps it for later.
        if (!(error instanceof ApiError) || error.status !== 401) throw error
        setToken(key(chainId, address), undefined)
        return []
      }
    },
    async revokeSession(chainId, address) {
      const token = tokens()[key(chainId, address)]
      setToken(key(chainId, address), undefined)
      if (token) await call('POST', '/siwx/v1/sign-out', { body: {}, token }).catch(() => {})
    },
  }
}
