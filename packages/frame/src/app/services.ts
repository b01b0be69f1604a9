import type { AuthApi, ServerUser, VerifiedSession } from './api.js'
import { UnauthenticatedError } from './api.js'
import type { DerivedWallet } from './custody/keys.js'
import { unlockWallet } from './custody/vault.js'
import { FrameError, type FrameServices } from './handler.js'
import { handleRpc, UserRejectedError } from './rpc.js'
import type { ApprovalUi } from './ui/approve.js'

/** What the frame keeps in its own origin's localStorage: the session and the device id. */
export interface FrameStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const SESSION_KEY = 'latch-frame/session'
const DEVICE_KEY = 'latch-frame/device-id'
const USED_CONTRACTS_KEY = 'latch-frame/used-contracts/'
const DEVICE_POLL_MS = 2_000
const DEVICE_WAIT_MS = 120_000
const FARCASTER_POLL_MS = 1_000

const unavailable = (what: string) => new FrameError(`${what} is not available on this server`)

export interface FrameState {
  chainId: string | number
  email: string | undefined
  signedIn: boolean
  theme: Record<string, unknown>
  dappName: string | undefined
}

export interface ServicesOptions {
  api: AuthApi
  storage: FrameStorage
  ui: ApprovalUi
  /** The embedding page's origin, verified with the server. */
  origin: string
  chainId: string | number
  /** `${serverUrl}/v1/?chainId=…&projectId=…` for an EVM chain id or a CAIP-2 `solana:` cluster. */
  proxyUrl(chainId: number | string): string
  applyTheme?(theme: Record<string, unknown>): void
}

function deviceId(storage: FrameStorage): string {
  const existing = storage.getItem(DEVICE_KEY)
  if (existing && /^[A-Za-z0-9_-]{22,128}$/.test(existing)) return existing
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
  storage.setItem(DEVICE_KEY, id)
  return id
}

/** Contracts an account has sent transactions to from this wallet, per account and chain. */
function usedContracts(storage: FrameStorage, key: string): Set<string> {
  try {
    const list = JSON.parse(storage.getItem(USED_CONTRACTS_KEY + key) ?? '[]') as unknown
    return new Set(Array.isArray(list) ? list.filter((a) => typeof a === 'string') : [])
  } catch {
    return new Set()
  }
}

/**
 * The cluster a Solana request is for: the request's own `chainId` when it names one, else the
 * frame's active chain when that is Solana; undefined when neither is (nothing may be sent then).
 */
function solanaCluster(requested: unknown, active: string | number): string | undefined {
  const id = typeof requested === 'string' && requested.startsWith('solana:') ? requested : active
  return typeof id === 'string' && id.startsWith('solana:') ? id : undefined
}

function evmChainId(chainId: string | number): number {
  const id = Number(String(chainId).replace(/^eip155:/, ''))
  if (!Number.isInteger(id) || id <= 0) throw new FrameError('Chain is not supported')
  return id
}

/** The embedded wallet's behaviour behind each app event (docs/behaviour.md#flows, #access, #wire). */
export function createFrameServices(options: ServicesOptions) {
  const { api, storage } = options
  const device = deviceId(storage)
  const state: FrameState = {
    chainId: options.chainId,
    email: undefined,
    signedIn: false,
    theme: {},
    dappName: undefined,
  }
  let pendingEmail: string | undefined
  let pendingNewEmail: string | undefined
  let pendingSocial: { flowToken: string } | undefined
  // Farcaster channels this frame opened, by link: two requests may race (a remounted view).
  const farcasterChannels = new Map<string, string>()
  let latestFarcasterUrl: string | undefined
  let token: string | undefined
  let user: ServerUser | undefined
  let wallet: DerivedWallet | undefined

  const saved = storage.getItem(SESSION_KEY)
  if (saved) {
    try {
      token = (JSON.parse(saved) as { token?: string }).token
    } catch {
      storage.removeItem(SESSION_KEY)
    }
  }

  function forget() {
    token = undefined
    user = undefined
    wallet = undefined
    state.signedIn = false
    state.email = undefined
    storage.removeItem(SESSION_KEY)
  }

  /** The live session's user and unlocked wallet; a dead session signs the frame out. */
  async function unlocked(): Promise<{ user: ServerUser; wallet: DerivedWallet }> {
    if (!token) throw new UnauthenticatedError()
    try {
      user ??= await api.session(token)
      wallet ??= await unlockWallet(api, token, user)
    } catch (error) {
      if (error instanceof UnauthenticatedError) forget()
      throw error
    }
    state.signedIn = true
    state.email = user.email ?? undefined
    return { user, wallet }
  }

  /** The session's user, without unlocking the wallet; a dead session signs the frame out. */
  async function currentUser(): Promise<ServerUser> {
    if (!token) throw new UnauthenticatedError()
    try {
      user ??= await api.session(token)
    } catch (error) {
      if (error instanceof UnauthenticatedError) forget()
      throw error
    }
    return user
  }

  /** A new session (email code or social sign-in): replaces any other, and unlocks the wallet. */
  async function begin(session: VerifiedSession) {
    forget()
    token = session.token
    storage.setItem(SESSION_KEY, JSON.stringify({ token, expiresAt: session.expiresAt }))
    user = session.user
    await unlocked()
  }

  function toUser(u: ServerUser, w: DerivedWallet) {
    const solana = String(state.chainId).startsWith('solana:')
    const address = solana ? w.solana.address : w.evm.address
    // No bundler runs here, so every account is an EOA whatever was preferred.
    return {
      email: u.email,
      address,
      chainId: state.chainId,
      accounts: [{ address, type: 'eoa' as const }],
      ...(u.username ? { userName: u.username } : {}),
      preferredAccountType: 'eoa' as const,
      smartAccountDeployed: false,
    }
  }

  const services: FrameServices = {
    async CONNECT_EMAIL({ email }) {
      const result = await api.start(email, device)
      pendingEmail = email
      return result
    },
    async CONNECT_DEVICE(_payload, { signal }) {
      if (!pendingEmail) throw new FrameError('Start with your email')
      // The page gives up after 120 s (docs/behaviour.md#limits); stop polling by then too.
      const deadline = Date.now() + DEVICE_WAIT_MS
      while (!signal.aborted && Date.now() < deadline) {
        if ((await api.pollDevice(pendingEmail, device, signal)).approved) return undefined
        await new Promise((resolve) => setTimeout(resolve, DEVICE_POLL_MS))
      }
      throw new FrameError('The device was not approved in time; start again')
    },
    async CONNECT_OTP({ otp }) {
      if (!pendingEmail) throw new FrameError('Start with your email')
      const session = await api.verify(pendingEmail, device, otp)
      await begin(session)
      pendingEmail = undefined
      return undefined
    },
    async CONNECT_SOCIAL({ uri }) {
      // The page hands over what the popup handed it: `latch:social?result=<code>`. The code
      // alone signs nobody in; the flow token this frame kept does (docs/social.md#the-flow).
      const flow = pendingSocial
      if (!flow) throw new FrameError('Start the social sign-in first')
      let result: string | null = null
      try {
        result = new URL(uri).searchParams.get('result')
      } catch {}
      if (!result) throw new FrameError('The sign-in answer is not valid')
      const session = await api.socialFinish(flow.flowToken, result, device)
      pendingSocial = undefined
      await begin(session)
      return toUser(user!, wallet!)
    },
    async CONNECT_FARCASTER(payload, { signal }) {
      // Waits for the visitor's Farcaster app to answer the channel whose link the page shows
      // (docs/social.md#farcaster); the page gives up after 120 s, and so does this poll.
      const url = payload?.url ?? latestFarcasterUrl
      const flowToken = url && farcasterChannels.get(url)
      if (!url || !flowToken) throw new FrameError('Start the Farcaster sign-in first')
      const deadline = Date.now() + DEVICE_WAIT_MS
      while (!signal.aborted && Date.now() < deadline) {
        const answer = await api.farcasterFinish(flowToken, device, signal)
        if ('token' in answer) {
          farcasterChannels.clear()
          await begin(answer)
          return { userName: answer.user.username ?? '' }
        }
        await new Promise((resolve) => setTimeout(resolve, FARCASTER_POLL_MS))
      }
      throw new FrameError('Farcaster did not answer in time; start again')
    },
    async GET_FARCASTER_URI() {
      const { url, flowToken } = await api.farcasterChannel(device)
      // A channel lives 10 minutes; a few are kept for views still showing theirs.
      if (farcasterChannels.size >= 8) farcasterChannels.clear()
      farcasterChannels.set(url, flowToken)
      latestFarcasterUrl = url
      return { url }
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const { uri, flowToken } = await api.socialStart(provider, device)
      pendingSocial = { flowToken }
      return { uri }
    },
    async GET_USER(payload) {
      const { user: u, wallet: w } = await unlocked()
      if (payload?.chainId !== undefined) state.chainId = payload.chainId
      return toUser(u, w)
    },
    async SIGN_OUT() {
      const current = token
      forget()
      if (current) await api.signOut(current).catch(() => {})
      return undefined
    },
    async IS_CONNECTED() {
      try {
        await unlocked()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof UnauthenticatedError) return { isConnected: false }
        throw error
      }
    },
    async GET_CHAIN_ID() {
      return { chainId: state.chainId }
    },
    async SWITCH_NETWORK({ chainId }) {
      if (!String(chainId).startsWith('solana:')) evmChainId(chainId)
      state.chainId = chainId
      return { chainId }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: [] }
    },
    async INIT_SMART_ACCOUNT() {
      throw unavailable('Smart accounts are')
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      if (type === 'smartAccount') throw unavailable('Smart accounts are')
      const { wallet: w } = await unlocked()
      return { type, address: w.evm.address }
    },
    async RPC_REQUEST(payload, { signal }) {
      const { wallet: w } = await unlocked()
      // Solana requests are signed with the Solana key whatever chain is active: they make no EVM
      // call (no contract memory), so they take no EVM chain id either. Only a sent transaction
      // needs its cluster, named by the request or else the active chain.
      if (payload.method.startsWith('solana_')) {
        const cluster = solanaCluster(payload.chainId, state.chainId)
        const result = await handleRpc(
          payload,
          {
            wallet: w,
            chainId: 0,
            proxyUrl: '',
            solanaCluster: cluster
              ? { caip2: cluster, proxyUrl: options.proxyUrl(cluster) }
              : undefined,
            origin: options.origin,
            dappName: state.dappName,
            approve: (request, abort) => options.ui.approve(request, abort),
          },
          signal,
        )
        return { result }
      }
      const chainId = evmChainId(payload.chainId ?? state.chainId)
      const key = `${chainId}:${w.evm.address.toLowerCase()}`
      const used = usedContracts(storage, key)
      const result = await handleRpc(
        payload,
        {
          wallet: w,
          chainId,
          proxyUrl: options.proxyUrl(chainId),
          origin: options.origin,
          dappName: state.dappName,
          usedContracts: used,
          rememberContract(address) {
            used.add(address.toLowerCase())
            storage.setItem(USED_CONTRACTS_KEY + key, JSON.stringify([...used].slice(-500)))
          },
          approve: (request, abort) => options.ui.approve(request, abort),
        },
        signal,
      )
      return { result }
    },
    async UPDATE_EMAIL({ email }, { signal }) {
      if (!token) throw new UnauthenticatedError()
      const current = await currentUser()
      if (current.email === null)
        throw new FrameError('This account has no email address to change')
      const next = email.trim().toLowerCase()
      if (next === current.email.toLowerCase()) throw new FrameError('That is already your email')
      // The email is the root of custody: only the user, in the frame's own view, may start
      // moving it. Declining never reaches the server, so no code mail is ever sent.
      const confirmed = await options.ui.confirmEmailChange(
        { origin: options.origin, from: current.email, to: next },
        signal,
      )
      if (!confirmed) throw new UserRejectedError()
      const result = await api.updateEmail(token, next)
      pendingNewEmail = next
      return result
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      if (!token) throw new UnauthenticatedError()
      await api.updateEmailPrimary(token, otp)
      return undefined
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      if (!token || !pendingNewEmail) throw new FrameError('Start with the new email')
      const result = await api.updateEmailSecondary(token, otp, pendingNewEmail)
      const { email } = result
      // The server swaps the session's token after the change; the old one no longer works.
      if (result.token) {
        token = result.token
        storage.setItem(SESSION_KEY, JSON.stringify({ token, expiresAt: result.expiresAt }))
      }
      pendingNewEmail = undefined
      if (user) user = { ...user, email }
      state.email = email
      return { newEmail: email }
    },
    async SYNC_THEME(theme) {
      state.theme = { ...theme }
      options.applyTheme?.(state.theme)
      return undefined
    },
    async SYNC_DAPP_DATA(data) {
      state.dappName = data.metadata?.name
      return undefined
    },
    async RELOAD() {
      // Drops what is cached in memory; the next call re-reads the session from the server.
      user = undefined
      wallet = undefined
      return undefined
    },
  }
  return { services, state }
}
