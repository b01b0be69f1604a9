/** The dev chain could not do what was asked (a block out of order, a seed step refused). */
export class PolkadotChainError extends Error {
  override name = 'PolkadotChainError'
}

/** LATCH_POLKADOT_PORT is not a port number. */
export class PolkadotPortError extends Error {
  override name = 'PolkadotPortError'
  constructor(raw: string) {
    super(`LATCH_POLKADOT_PORT: must be a port number from 1 to 65535, got "${raw}"`)
  }
}
