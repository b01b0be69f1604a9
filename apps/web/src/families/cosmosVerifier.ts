// Its own module so that the sign-message panel loads Cosmos's ADR-036 check as a chunk of its own, on a
// Cosmos account's first signature, in builds that enable Cosmos (cosmos.ts) and in no other.
export { cosmosMessageVerifier } from '@latch/core/cosmos'
