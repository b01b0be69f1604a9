/** The connected extension's id, so a reload reconnects it without asking. */
export const POLKADOT_CONNECTION_KEY = '@latch/polkadot/connection'
/** How long a reload waits for the extension it was connected to to inject itself. */
export const RECONNECT_WAIT_MS = 1_500
