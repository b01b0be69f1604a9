import type { MessageVerifier } from '../shared/traits.js'

/**
 * Checks a `signRaw` signature as a dapp's server would: over `<Bytes>message</Bytes>` only, by the
 * address's key (sr25519, ed25519 or ecdsa). @polkadot/util-crypto loads with the first check.
 */
export const polkadotMessageVerifier: MessageVerifier = {
  namespace: 'polkadot',
  async verifyMessage(parameters) {
    const { verifyPolkadotMessage } = await import('./verifyMessage.js')
    return verifyPolkadotMessage(parameters)
  },
}
