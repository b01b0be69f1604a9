import type { SignerMethods } from '../types.js'

/** The Solana methods the frame answers (docs/embedded-wallet.md#solana-transactions). */
export const SOLANA_METHODS: SignerMethods = {
  local: new Set(),
  read: new Set(),
  signing: new Set([
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ]),
}
