/** Where the Latch server lives; `npm start` passes it in, a built app falls back to the default port. */
export const serverUrl: string = import.meta.env.VITE_LATCH_SERVER_URL ?? 'http://localhost:8787'

/** The secure frame's origin (the embedded wallet); `npm start` passes it in. */
export const frameUrl: string = import.meta.env.VITE_LATCH_FRAME_URL ?? 'http://127.0.0.1:5174'

/** The project id issued by the Latch server; `npm start` passes the dev project's. */
export const projectId: string = import.meta.env.VITE_LATCH_PROJECT_ID ?? 'latch-dev'

/**
 * The dev chain's JSON-RPC url. vite.config.ts fills it from `LATCH_CHAIN_PORT` when
 * `npm start` runs the chain on another port (the e2e stack does).
 */
export const chainRpcUrl: string | undefined = import.meta.env.VITE_LATCH_CHAIN_RPC_URL || undefined

/** The dev chain is offered, and the default, only in development builds. */
export const isDev: boolean = import.meta.env.DEV

/**
 * WalletConnect (docs/walletconnect.md): offered only with a project id. `npm start` passes the
 * dev relay's, or LATCH_WALLETCONNECT_PROJECT_ID and LATCH_WALLETCONNECT_RELAY_URL when set.
 */
export const walletConnectProjectId: string | undefined =
  import.meta.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID || undefined
/** WalletConnect's hosted relay when empty. */
export const walletConnectRelayUrl: string | undefined =
  import.meta.env.VITE_LATCH_WALLETCONNECT_RELAY_URL || undefined
