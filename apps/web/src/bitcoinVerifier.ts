// Its own module so that SignMessagePanel can load Bitcoin's verifier as a chunk of its own, on a
// Bitcoin account's first signature, in builds that enable Bitcoin (latch.ts) and in no other.
export { bitcoinMessageVerifier } from '@latch/core/bitcoin'
