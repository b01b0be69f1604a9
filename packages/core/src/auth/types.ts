import type { ChainNamespace } from '../networks/types.js'

/** The embedded wallet's user as the modal shows it (docs/behaviour.md#embedded-wallet-user, #validation). */
export interface AuthUser {
  email: string | null | undefined
  /** The social user name, else the email, cut with '...' past 30 characters. */
  displayName: string
  /** The provider of a social sign-in. */
  socialProvider?: string | undefined
  address: string
  accountType: 'eoa' | 'smartAccount'
}

/** The social providers that sign in through OAuth; Farcaster has a flow of its own. */
export type OAuthSocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

export type EmailLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP'
export type UpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

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
  /** Step 1: mails a one-time code, or first asks this device to be approved by mailed link. */
  sendEmailCode(email: string): Promise<{ action: EmailLoginAction }>
  /** Resolves once the mailed approval link was opened; a code is mailed next. */
  waitForDeviceApproval(options?: { signal?: AbortSignal | undefined }): Promise<void>
  /** Checks the code; the session exists afterwards, so connecting with `connectorId` succeeds. */
  verifyEmailCode(otp: string): Promise<void>
  /** Email update, step 1: a code to the current address (primary) or straight to the new one. */
  updateEmail(email: string): Promise<{ action: UpdateEmailAction }>
  updateEmailPrimaryCode(otp: string): Promise<void>
  updateEmailSecondaryCode(otp: string): Promise<{ email: string }>
  /**
   * Social sign-in (docs/social.md): opens the provider in a popup — call it straight from the
   * click, before awaiting anything — and resolves once the session exists, so connecting with
   * `connectorId` succeeds. Rejects with 'Popup closed' when the visitor closes the window.
   * Absent when the connector has no social sign-in.
   */
  connectSocial?(provider: OAuthSocialProvider, options?: { signal?: AbortSignal }): Promise<void>
  /**
   * Sign In With Farcaster (docs/social.md#farcaster): `onUrl` receives the Farcaster app's link
   * as soon as the channel is open (the UI shows it as a QR code and a button); resolves once the
   * visitor's Farcaster app has signed. Absent when the connector has no Farcaster sign-in.
   */
  connectFarcaster?(options: { onUrl(url: string): void; signal?: AbortSignal }): Promise<void>
  /** The signed-in user once connected, else undefined. */
  getUser(): AuthUser | undefined
  /** Called whenever `getUser()` may have changed. */
  subscribe(listener: () => void): () => void
}
