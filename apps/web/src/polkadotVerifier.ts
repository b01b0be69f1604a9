// Its own module so that SignMessagePanel can load Polkadot's verifier as a chunk of its own, on a
// Polkadot account's first signature, in builds that enable Polkadot (latch.ts) and in no other.
export { polkadotMessageVerifier } from '@latch/core/polkadot'
