/** The connected wallet's connector id and chain, so a reload reconnects it silently. */
export const COSMOS_CONNECTION_KEY = '@latch/cosmos/connection'
/** How long a reload waits for the wallet it was connected to to appear (extensions inject late). */
export const RECONNECT_WAIT_MS = 1_500
