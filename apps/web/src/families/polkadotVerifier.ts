// Its own module so that the sign-message panel loads Polkadot's verifier as a chunk of its own, on a
// Polkadot account's first signature, in builds that enable Polkadot (polkadot.ts) and in no other.
export { polkadotMessageVerifier } from '@latch/core/polkadot'
