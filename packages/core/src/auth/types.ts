import type { ChainNamespace } from '../networks/types.js'
import type { OptionsStore } from '../stores/options.js'

/** The embedded wallet's user as the modal shows it (docs/behaviour.md#embedded-wallet-user, #validation). */
export interface AuthUser {
  email: string | null | undefined
  /** The social user name, else the email, cut with '...' past 30 characters. */
  displayName: string
  /** The provider of a social sign-in. */
  socialProvider?: string | undefined
  address: string
  accountType: 'eoa' | 'smartAccount'
  /**
   * Both EVM accounts, the active one first, on a network that offers smart accounts
   * (docs/smart-accounts.md); absent where the user has the EOA only.
   */
  accounts?: readonly { address: string; type: 'eoa' | 'smartAccount' }[] | undefined
}

/** The social providers that sign in through OAuth; Farcaster has a flow of its own. */
export type OAuthSocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

export type UpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/**
 * What the page tells the embedded wallet's frame about the app, for the frame's own views: the
 * theme of the app's config, and the options store whose `metadata` is read when the frame is
 * ready and followed after.
 */
export interface AuthAppSource {
  /** Absent: the frame follows the OS preference, as the modal does. */
  themeMode?: 'light' | 'dark' | undefined
  themeVariables?: Readonly<Record<string, string | number | undefined>> | undefined
  options?: Pick<OptionsStore, 'getState' | 'subscribe'> | undefined
  /** BCP-47 tag for the frame's texts (e.g. 'de'); absent: the frame's navigator.language, then English. */
  locale?: string | undefined
}

/**
 * The AUTH connector as the modal drives it: the email sign-in and email-update steps of
 * docs/behaviour.md#flows, and the signed-in user. An implementation (`@latch/frame/connector`) loads the secure
 * frame only when one of these is first called, so a visitor who never picks email never pays
 * for it. Failures reject with an error whose message is fit to show ('Please try again after
 * 12 seconds', 'Invalid code', …).
 */
export interface AuthConnector {
  /** The chain connector that carries the session: the adapter connects with this id. */
  readonly connectorId: string
  /** Namespaces whose networks offer email sign-in (docs/behaviour.md#scope: eip155 and solana). */
  readonly namespaces: readonly ChainNamespace[]
  /**
   * Email sign-in (docs/custody.md#sign-in-in-the-frame): the frame mails the code and asks for it
   * in its own window (with the device-approval wait when the mail asks for one), so no code ever
   * passes through the page. Show the frame's window meanwhile (it shows itself) and resolve once
   * the session exists, so connecting with `connectorId` succeeds. Rejects with a 4001
   * `UserRejectedRequestError`-like error when the visitor cancels in the frame, and with
   * 'Request was aborted' when `signal` aborts (the frame's view closes).
   */
  signInWithEmail(email: string, options?: { signal?: AbortSignal | undefined }): Promise<void>
  /** Email update, step 1: a code to the current address (primary) or straight to the new one. */
  updateEmail(email: string): Promise<{ action: UpdateEmailAction }>
  updateEmailPrimaryCode(otp: string): Promise<void>
  updateEmailSecondaryCode(otp: string): Promise<{ email: string }>
  /**
   * Social sign-in (docs/social.md): the frame shows its own "Continue with …" view and opens
   * the provider's popup from that click, so the provider's answer reaches only the frame.
   * Resolves once the session exists, so connecting with `connectorId` succeeds; rejects with a
   * 4001 error when the visitor cancels in the frame. Absent when the connector has no social
   * sign-in.
   */
  connectSocial?(provider: OAuthSocialProvider, options?: { signal?: AbortSignal }): Promise<void>
  /**
   * Sign In With Farcaster (docs/social.md#farcaster): the frame shows the channel's QR code and
   * link in its own window, then the answering account (fid, custody address) for the visitor to
   * confirm; resolves once confirmed and signed in. Absent when the connector has no Farcaster
   * sign-in.
   */
  connectFarcaster?(options?: { signal?: AbortSignal | undefined }): Promise<void>
  /**
   * The app's theme and metadata for the frame (its SYNC_THEME and SYNC_DAPP_DATA events): kept
   * until the frame loads, sent when it is ready and again when the metadata changes. The frame
   * shows the metadata's name only as the page's own claim, after the origin it verified itself.
   * Loads nothing by itself. `@latch/react` calls it with the app's config.
   */
  syncApp?(source: AuthAppSource): void
  /**
   * Called with true while the secure frame shows its approval of a signature or transaction the
   * page asked for, and with false once it no longer does: the modal then shows ApproveTransaction
   * (docs/behaviour.md#views). The decision itself is made only in the frame. Absent: no view.
   */
  onApproval?(listener: (pending: boolean) => void): () => void
  /**
   * Called with the frame's alerts (docs/behaviour.md#errors): the code ('iframe_load_failed',
   * 'iframe_request_timeout', 'Action not allowed') and the sentence a visitor reads. The
   * controller shows them on its alert surface, each code once per session.
   */
  onAlert?(listener: (alert: string, message: string) => void): () => void
  /**
   * The user's own choice between the Safe and the EOA on the active EVM network: resolves once
   * the page's account is the chosen one (the Account view's switch). Absent: no switch.
   */
  setPreferredAccount?(type: 'eoa' | 'smartAccount'): Promise<void>
  /** The signed-in user once connected, else undefined. */
  getUser(): AuthUser | undefined
  /** Called whenever `getUser()` may have changed. */
  subscribe(listener: () => void): () => void
}
