// Its own module so that SignMessagePanel loads Cosmos's ADR-036 check as a chunk of its own, on a
// Cosmos account's first signature, in builds that enable Cosmos (latch.ts) and in no other.
export { cosmosMessageVerifier } from '@latch/core/cosmos'
