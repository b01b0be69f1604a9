import type { AuthApi, ServerUser, VerifiedSession } from './api.js'
import { UnauthenticatedError } from './api.js'
import { cleanDappName } from './claim.js'
import type { DerivedWallet } from './custody/keys.js'
import { NewDeviceRefusedError, unlockWallet } from './custody/vault.js'
import { describeDevice } from './device.js'
import { FrameError, type FrameServices } from './handler.js'
import { formatUtc, setLocale, t } from './i18n/index.js'
import { handleRpc, UserRejectedError } from './rpc.js'
import { isEip155Chain } from './signers/eip155/chain.js'
import { eip155Signer } from './signers/eip155/index.js'
import type { SmartAccounts } from './signers/eip155/smartAccount/networks.js'
import { anchorSigner, signerForChain } from './signers/registry.js'
import { createSignIn, type SignInOptions } from './signIn.js'
import { type FrameTheme, frameTheme } from './theme.js'
import type { ApprovalUi } from './ui/approve.js'
import type { Visibility } from './ui/signin.js'

/** What the frame keeps in its own origin's localStorage: the session and the device id. */
export interface FrameStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const SESSION_KEY = 'latch-frame/session'
const DEVICE_KEY = 'latch-frame/device-id'

const unavailable = (what: string) => new FrameError(`${what} is not available on this server`)

export interface FrameState {
  chainId: string | number
  email: string | undefined
  signedIn: boolean
  /** The app's theme as parsed by theme.ts: never the page's raw values. */
  theme: FrameTheme
  /** The page's name for itself, cleaned (claim.ts): shown as its claim, never as verified. */
  dappName: string | undefined
}

export interface ServicesOptions {
  api: AuthApi
  storage: FrameStorage
  ui: ApprovalUi
  /** Where the sign-in views draw (the frame's root) and how the page is asked to show them. */
  root: HTMLElement
  visibility: Visibility
  /** The origin of the server's social callback page (the server's public URL). */
  callbackOrigin: string
  /** The frame's window: opens the provider's popup and hears its answer. */
  window: SignInOptions['window']
  /** The embedding page's origin, verified with the server. */
  origin: string
  chainId: string | number
  /** `${serverUrl}/v1/?chainId=…&projectId=…` for a chain of any namespace (proxyUrl.ts). */
  proxyUrl(chainId: number | string): string
  applyTheme?(theme: FrameTheme): void
  /** Smart accounts on the networks whose bundler the server serves; without it every account is an EOA. */
  smartAccounts?: SmartAccounts | undefined
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
  let pendingNewEmail: string | undefined
  let token: string | undefined
  let user: ServerUser | undefined
  let wallet: DerivedWallet | undefined
  /** The account type the page asked for on login (GET_USER), below the user's own choice. */
  let pageAccountType: 'eoa' | 'smartAccount' | undefined
  const smartAccounts = options.smartAccounts

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
    smartAccounts?.forget()
    state.signedIn = false
    state.email = undefined
    storage.removeItem(SESSION_KEY)
  }

  function store(next: string, expiresAt: string | undefined) {
    token = next
    storage.setItem(SESSION_KEY, JSON.stringify({ token, expiresAt }))
  }

  /**
   * A provider's or Farcaster's sign-in is the whole proof of identity, with no mailed device
   * approval: the visitor approves a new device here, told which site and which device, before
   * the recovery share leaves the server (docs/custody.md#new-devices).
   */
  const approveNewDevice = (u: ServerUser) =>
    u.socialProvider
      ? () =>
          options.ui.confirmSignIn({
            origin: options.origin,
            view: 'ApproveNewDevice',
            title: t('device.title'),
            warning: t('device.warning'),
            fields: [
              { label: t('device.site'), value: options.origin, mono: true },
              { label: t('device.device'), value: describeDevice(navigator.userAgent) },
              { label: t('device.time'), value: formatUtc(new Date()) },
              { label: t('device.signedInWith'), value: u.socialProvider ?? '' },
            ],
            yes: t('device.yes'),
          })
      : undefined

  /** The live session's user and unlocked wallet; a dead session signs the frame out. */
  async function unlocked(): Promise<{ user: ServerUser; wallet: DerivedWallet }> {
    if (!token) throw new UnauthenticatedError()
    try {
      user ??= await api.session(token)
      const u = user
      wallet ??= await unlockWallet(api, token, u, {
        approveNewDevice: approveNewDevice(u),
        onSessionRotated: store,
      })
    } catch (error) {
      if (error instanceof UnauthenticatedError) forget()
      if (error instanceof NewDeviceRefusedError) {
        const current = token
        forget()
        if (current) await api.signOut(current).catch(() => {})
        throw new UserRejectedError()
      }
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
    store(session.token, session.expiresAt)
    user = session.user
    await unlocked()
  }

  /** The active EVM chain's number, if the frame is on an EVM chain. */
  const evmChain = (chainId: string | number = state.chainId) =>
    isEip155Chain(chainId) ? Number(String(chainId).replace(/^eip155:/, '')) : undefined

  /** The user's Safe on an EVM chain whose network has smart accounts, whatever the account type. */
  async function safeOn(chainId: number | undefined, w: DerivedWallet) {
    if (!smartAccounts || chainId === undefined) return undefined
    return smartAccounts.session(chainId, w.keyOf(eip155Signer))
  }

  /** The Safe when it is the user's account on `chainId` (their choice there, else the page's). */
  async function activeSmartAccount(chainId: number, w: DerivedWallet) {
    if (smartAccounts?.preferred(chainId, pageAccountType) !== 'smartAccount') return undefined
    return safeOn(chainId, w)
  }

  async function toUser(u: ServerUser, w: DerivedWallet) {
    const address = w.addresses[signerForChain(state.chainId).namespace]!
    const chainId = evmChain()
    const base = {
      email: u.email,
      chainId: state.chainId,
      ...(u.username ? { userName: u.username } : {}),
    }
    const safe = await safeOn(chainId, w)
    // Where the server serves no bundler for the network, every account is an EOA.
    if (!safe || chainId === undefined || !smartAccounts)
      return {
        ...base,
        address,
        accounts: [{ address, type: 'eoa' as const }],
        preferredAccountType: 'eoa' as const,
        smartAccountDeployed: false,
      }
    const type = smartAccounts.preferred(chainId, pageAccountType)
    const accounts = [
      { address: safe.address, type: 'smartAccount' as const },
      { address, type: 'eoa' as const },
    ]
    return {
      ...base,
      address: type === 'smartAccount' ? safe.address : address,
      accounts: type === 'smartAccount' ? accounts : accounts.reverse(),
      preferredAccountType: type,
      smartAccountDeployed: await safe.isDeployed(),
    }
  }

  const signIn = createSignIn({
    api,
    device,
    origin: options.origin,
    root: options.root,
    visibility: options.visibility,
    ui: options.ui,
    callbackOrigin: options.callbackOrigin,
    window: options.window,
    begin,
  })

  const services: FrameServices = {
    async CONNECT_EMAIL({ email }, { signal }) {
      await signIn.signInWithEmail(email, signal)
      return undefined
    },
    async CONNECT_SOCIAL({ provider }, { signal }) {
      await signIn.signInWithProvider(provider, signal)
      return await toUser(user!, wallet!)
    },
    async CONNECT_FARCASTER(_payload, { signal }) {
      return signIn.signInWithFarcaster(signal)
    },
    async GET_USER(payload) {
      const { user: u, wallet: w } = await unlocked()
      if (payload?.chainId !== undefined) state.chainId = payload.chainId
      if (payload?.preferredAccountType) pageAccountType = payload.preferredAccountType
      return await toUser(u, w)
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
      signerForChain(chainId).checkChain(chainId)
      state.chainId = chainId
      return { chainId }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      if (!smartAccounts) return { smartAccountEnabledNetworks: [] }
      // The server answers per chain: the active one is asked, the others known so far reported.
      const chainId = evmChain()
      if (chainId !== undefined) await smartAccounts.isEnabled(chainId)
      return { smartAccountEnabledNetworks: await smartAccounts.enabledNetworks() }
    },
    async INIT_SMART_ACCOUNT() {
      if (!smartAccounts) throw unavailable('Smart accounts are')
      const { wallet: w } = await unlocked()
      const safe = await safeOn(evmChain(), w)
      if (!safe) throw new FrameError('Smart accounts are not enabled on this network')
      return { address: safe.address, isDeployed: await safe.isDeployed() }
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const { wallet: w } = await unlocked()
      const eoa = w.addresses[anchorSigner.namespace]!
      const chainId = evmChain()
      if (type === 'eoa') {
        if (smartAccounts && chainId !== undefined) smartAccounts.setPreferred(chainId, 'eoa')
        return { type, address: eoa }
      }
      if (!smartAccounts) throw unavailable('Smart accounts are')
      const safe = await safeOn(chainId, w)
      if (!safe || chainId === undefined)
        throw new FrameError('Smart accounts are not enabled on this network')
      smartAccounts.setPreferred(chainId, 'smartAccount')
      return { type, address: safe.address }
    },
    async RPC_REQUEST(payload, { signal }) {
      const { wallet: w } = await unlocked()
      const result = await handleRpc(
        payload,
        {
          wallet: w,
          activeChainId: state.chainId,
          proxyUrl: options.proxyUrl,
          origin: options.origin,
          dappName: state.dappName,
          storage,
          smartAccount: smartAccounts ? (chainId) => activeSmartAccount(chainId, w) : undefined,
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
      if (result.token) store(result.token, result.expiresAt)
      pendingNewEmail = undefined
      if (user) user = { ...user, email }
      state.email = email
      return { newEmail: email }
    },
    async SYNC_THEME(theme) {
      state.theme = frameTheme(theme)
      options.applyTheme?.(state.theme)
      return undefined
    },
    async SYNC_DAPP_DATA(data) {
      // Only the name is shown; icons would load from anywhere and lend the claim a logo.
      state.dappName = cleanDappName(data.metadata?.name)
      // The page's language for the frame's texts; without one, the frame's own browser's.
      await setLocale(data.locale)
      return undefined
    },
    async RELOAD() {
      // The page gave up a sign-in half-way (a Farcaster channel left unanswered): what is cached in
      // memory goes, and the next call re-reads the session from the server. The page sends its
      // theme and name again after this.
      user = undefined
      wallet = undefined
      return undefined
    },
  }
  return { services, state }
}
