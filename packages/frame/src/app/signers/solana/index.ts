import type { Signer } from '../types.js'
import { deriveSolanaKey, SOLANA_PATH, type SolanaKey } from './keys.js'
import { SOLANA_METHODS } from './methods.js'
import { isSolanaChain, openSolanaRequests } from './requests.js'

/** Solana clusters: one ed25519 account, wallet-standard requests. */
export const solanaSigner: Signer<SolanaKey> = {
  namespace: 'solana',
  path: SOLANA_PATH,
  serverField: 'solanaAddress',
  defaultChainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  derive: deriveSolanaKey,
  address: (key) => key.address,
  sameAddress: (a, b) => a === b,
  ownsChain: isSolanaChain,
  // Any cluster may be active; a send checks the one it goes to.
  checkChain: () => {},
  ownsMethod: (method) => method.startsWith('solana_'),
  methods: SOLANA_METHODS,
  open: openSolanaRequests,
}
