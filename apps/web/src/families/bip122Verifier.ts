// Its own module so that the sign-message panel loads Bitcoin's verifier as a chunk of its own, on a
// Bitcoin account's first signature, in builds that enable Bitcoin (bip122.ts) and in no other.
export { bitcoinMessageVerifier } from '@latch/core/bitcoin'
