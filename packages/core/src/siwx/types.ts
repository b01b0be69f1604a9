/** docs/siwx.md: what the kit needs from a sign-in backend (the Latch server or the app's own). */
export interface SiwxSession {
  /** CAIP-2. */
  chainId: string
  address: string
  message: string
  signature: string
  /** ISO 8601, when the backend says. */
  expiresAt?: string | undefined
}

export interface SiwxConfig {
  /** The text the wallet signs for this account on this chain (a fresh nonce inside). */
  createMessage(input: { chainId: string; address: string }): Promise<string>
  /** Hands the signed message to the backend; resolves with the session it started. */
  addSession(input: {
    chainId: string
    address: string
    message: string
    signature: string
  }): Promise<SiwxSession>
  /** The live sessions of the account on the chain (empty when none). */
  getSessions(chainId: string, address: string): Promise<SiwxSession[]>
  /** Ends the account's sessions on the chain. */
  revokeSession(chainId: string, address: string): Promise<void>
  /** Whether the app is unusable without a session (the sign-in view cannot be dismissed). */
  getRequired?(): boolean
}
