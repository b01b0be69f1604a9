/** The connected wallet's connector id, so a reload reconnects it silently. */
export const BITCOIN_CONNECTION_KEY = '@latch/bitcoin/connection'
/** How long a reload waits for the wallet it was connected to to appear. */
export const RECONNECT_WAIT_MS = 1_500
