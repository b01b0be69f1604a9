import {
  type AuthAppSource,
  authDisplayName,
  createLatchStorage,
  type LatchStorage,
} from '@latch/core'
import type { AccountType } from '../connector/namespace.js'
import { findNamespace, namespaceOfChain } from '../connector/namespaces.js'
import type { EmbeddedUser } from '../protocol/index.js'
import { createApprovalWatch } from './approval.js'
import { createFrameClient, type FrameClient, type FrameClientOptions } from './client.js'
import { EmailThrottledError } from './errors.js'
import { type AppTheme, dappDataPayload, themePayload } from './sync.js'

/** docs/behaviour.md#limits. */
export const EMAIL_THROTTLE_MS = 30_000
export const SIGN_OUT_WAIT_MS = 3_000

export type { AccountType }

export interface EmbeddedWalletOptions extends FrameClientOptions {
  storage?: LatchStorage | undefined
  now?: (() => number) | undefined
}

export interface EmbeddedWalletUser extends EmbeddedUser {
  /** docs/behaviour.md#validation: the email, cut with '...' past 30 characters. */
  displayName: string
}

/**
 * docs/behaviour.md#flows: account type on login is the connector's preference, else the stored one, else the
 * namespace's default (smart accounts on EVM: connector/<namespace>/index.ts).
 */
export function resolveAccountType(
  preferred: AccountType | undefined,
  stored: string | undefined,
  namespace: string,
): AccountType {
  if (preferred) return preferred
  if (stored === 'eoa' || stored === 'smartAccount') return stored
  return findNamespace(namespace)?.defaultAccountType ?? 'eoa'
}

/**
 * The embedded wallet as the modal's AUTH connector uses it: email sign-in steps, the user,
 * sign-out, and an EIP-1193 `request` whose signing happens inside the frame.
 */
export function createEmbeddedWallet(options: EmbeddedWalletOptions) {
  const storage = options.storage ?? createLatchStorage()
  const now = options.now ?? Date.now
  const approval = createApprovalWatch()
  const frame: FrameClient = createFrameClient({
    ...options,
    onVisible(visible) {
      approval.setVisible(visible)
      options.onVisible?.(visible)
    },
  })

  let app: AuthAppSource | undefined
  let stopFollowing: (() => void) | undefined
  const warnSync = (error: Error) =>
    (options.warn ?? console.warn)(`the frame did not take the app's data: ${error.message}`)
  function sendApp() {
    if (!app) return
    const { themeMode, themeVariables, options: store, locale } = app
    frame
      .request(
        'SYNC_DAPP_DATA',
        dappDataPayload({
          metadata: store?.getState().metadata,
          projectId: options.projectId,
          sdkVersion: options.version,
          locale,
        }),
      )
      .catch(warnSync)
    frame
      .request('SYNC_THEME', themePayload({ themeMode, themeVariables }, options.warn))
      .catch(warnSync)
  }

  const clearLoginCache = () => {
    storage.remove('emailLoginUsed')
    storage.remove('email')
    storage.remove('lastEmailLoginTime')
    storage.remove('socialUsername')
    storage.remove('connectedSocial')
  }

  return {
    frame,
    ready: () => frame.ready(),

    /**
     * Email sign-in, whole (docs/custody.md#sign-in-in-the-frame): the frame mails the code and
     * asks for it in its own window; this resolves once signed in. 30 s between sends
     * (docs/behaviour.md#flows), checked here before the server checks again.
     */
    async connectEmail(email: string, options: { signal?: AbortSignal | undefined } = {}) {
      const last = storage.get('lastEmailLoginTime')
      if (last !== undefined && now() - last < EMAIL_THROTTLE_MS)
        throw new EmailThrottledError(Math.ceil((EMAIL_THROTTLE_MS - (now() - last)) / 1000))
      storage.set('lastEmailLoginTime', now())
      try {
        await frame.request('CONNECT_EMAIL', { email }, options)
      } catch (error) {
        // The server refused the send and said when the next one may go: this page's 30 s window
        // follows the server's, so a retry after that wait is not refused again here.
        const retryAfter = (error as { retryAfter?: unknown }).retryAfter
        if (typeof retryAfter === 'number')
          storage.set('lastEmailLoginTime', now() - EMAIL_THROTTLE_MS + retryAfter * 1000)
        throw error
      }
    },

    /** Reads the user and records the login (docs/behaviour.md#on-connection-success). */
    async getUser(
      params: { chainId?: string | number; preferredAccountType?: AccountType } = {},
    ): Promise<EmbeddedWalletUser> {
      const namespace = namespaceOfChain(params.chainId)
      const preferredAccountType = resolveAccountType(
        params.preferredAccountType,
        storage.get('preferredAccountTypes')?.[namespace],
        namespace,
      )
      try {
        const user = await frame.request('GET_USER', { ...params, preferredAccountType })
        if (user.email) storage.set('email', user.email)
        if (user.userName) storage.set('socialUsername', user.userName)
        else storage.remove('socialUsername')
        storage.set('emailLoginUsed', true)
        storage.set('lastUsedChainId', String(user.chainId))
        storage.remove('lastEmailLoginTime')
        const displayName = authDisplayName({
          username: user.userName,
          provider: storage.get('connectedSocial'),
          email: user.email,
        })
        return { ...user, displayName }
      } catch (error) {
        clearLoginCache()
        throw error
      }
    },

    async isConnected(): Promise<boolean> {
      try {
        const { isConnected } = await frame.request('IS_CONNECTED', undefined)
        if (!isConnected) clearLoginCache()
        return isConnected
      } catch (error) {
        clearLoginCache()
        throw error
      }
    },

    /** Resolves within 3 s whatever the frame does (docs/behaviour.md#flows, #limits). */
    async signOut(): Promise<void> {
      clearLoginCache()
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        frame.request('SIGN_OUT', undefined).catch(() => {}),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)
        }),
      ])
      clearTimeout(timer)
    },

    getChainId: () => frame.request('GET_CHAIN_ID', undefined),
    async switchNetwork(chainId: string | number) {
      const result = await frame.request('SWITCH_NETWORK', { chainId })
      storage.set('lastUsedChainId', String(result.chainId))
      return result
    },
    async getSmartAccountEnabledNetworks() {
      const result = await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)
      storage.set('smartAccountEnabledNetworks', result.smartAccountEnabledNetworks.join(','))
      return result
    },
    initSmartAccount: () => frame.request('INIT_SMART_ACCOUNT', undefined),
    setPreferredAccount: (type: AccountType) => frame.request('SET_PREFERRED_ACCOUNT', { type }),
    updateEmail: (email: string) => frame.request('UPDATE_EMAIL', { email }),
    updateEmailPrimaryOtp: (otp: string) => frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp }),
    async updateEmailSecondaryOtp(otp: string) {
      const result = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      storage.set('email', result.newEmail)
      return result
    },
    /** The frame shows "Continue with …" and opens the provider's popup itself. */
    connectSocial: (
      provider: 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord',
      options: { signal?: AbortSignal | undefined } = {},
    ) => frame.request('CONNECT_SOCIAL', { provider }, options),
    /** The frame shows the channel's QR code, then the answering account to confirm. */
    connectFarcaster: (options: { signal?: AbortSignal | undefined } = {}) =>
      frame.request('CONNECT_FARCASTER', undefined, options),
    /** The app's theme for the frame's own views; variables the frame would refuse stay here. */
    syncTheme: (theme: AppTheme) => frame.request('SYNC_THEME', themePayload(theme, options.warn)),
    /** The app's metadata: the frame shows the name as the page's own claim, after the origin. */
    syncDappData: (data: Parameters<typeof dappDataPayload>[0]) =>
      frame.request('SYNC_DAPP_DATA', dappDataPayload(data)),
    /** After an abandoned sign-in: the frame drops what it cached (then sync again). */
    reload: () => frame.request('RELOAD', undefined),
    /**
     * Tells the frame the app's theme and metadata now and the metadata again on each change
     * (the connector's `syncApp`). A failed sync costs the frame the theme or the name, never a
     * sign-in: warned, not thrown.
     */
    syncApp(source: AuthAppSource) {
      app = source
      stopFollowing?.()
      sendApp()
      let metadata = source.options?.getState().metadata
      stopFollowing = source.options?.subscribe((state) => {
        if (state.metadata === metadata) return
        metadata = state.metadata
        sendApp()
      })
    },
    /** RELOAD, then the app's theme and metadata again, as the reference does after it. */
    reloadAndSync() {
      frame.request('RELOAD', undefined).then(sendApp, warnSync)
    },

    /** EIP-1193: reads go to the server's RPC proxy, signatures to the frame's approval UI. */
    async request(
      args: { method: string; params?: unknown; chainId?: string | number },
      requestOptions: { signal?: AbortSignal } = {},
    ): Promise<unknown> {
      const settled = approval.started()
      try {
        const { result } = await frame.request('RPC_REQUEST', args, requestOptions)
        return result
      } finally {
        settled()
      }
    },
    /**
     * Called with true while the frame shows the approval of one of these requests, false once
     * none is shown: the page's modal says where the decision is made (ApproveTransaction).
     */
    onApproval: approval.subscribe,
    abortRpcRequests: () => frame.abortRpcRequests(),
    destroy() {
      stopFollowing?.()
      frame.destroy()
    },
  }
}

export type EmbeddedWallet = ReturnType<typeof createEmbeddedWallet>
