// Its own module so that the sign-message panel loads Solana's ed25519 check on a Solana
// account's first signature, in builds that enable Solana (solana.ts) and in no other.
export { solanaMessageVerifier } from '@latch/core/solana'
